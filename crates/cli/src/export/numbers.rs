//! Lists of numbers written fast: a solution of ten million queens is 79 MB
//! of digits, and a listing millions of short lines; digits are formatted
//! by hand and written in chunks of 512 bytes (a larger buffer on the stack costs its
//! zeroing on every short list).

use std::io::{self, Write};

/// Writes `columns[i] + 1` separated by `sep`.
pub fn write(w: &mut dyn Write, columns: &[u32], sep: u8) -> io::Result<()> {
    write_from(w, columns, sep, 1)
}

/// Writes `columns[i] + base` separated by `sep`: numbered from `base`.
pub fn write_from(w: &mut dyn Write, columns: &[u32], sep: u8, base: u8) -> io::Result<()> {
    // On the stack: a listing writes millions of short lists, and a heap
    // buffer per list costs more than its digits.
    let mut buf = [0u8; 512];
    let mut len = 0;
    for (i, &c) in columns.iter().enumerate() {
        if len > buf.len() - 24 {
            w.write_all(&buf[..len])?;
            len = 0;
        }
        if i > 0 {
            buf[len] = sep;
            len += 1;
        }
        len += put_decimal(&mut buf[len..], u64::from(c) + u64::from(base));
    }
    w.write_all(&buf[..len])
}

/// Writes the decimal digits of `v` at the start of `out` (20 bytes hold
/// any u64), returning how many.
fn put_decimal(out: &mut [u8], mut v: u64) -> usize {
    // Columns of the boards that are listed (n <= 32): no loop.
    if v < 10 {
        out[0] = b'0' + v as u8;
        return 1;
    }
    if v < 100 {
        out[0] = b'0' + (v / 10) as u8;
        out[1] = b'0' + (v % 10) as u8;
        return 2;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let k = digits.len() - i;
    out[..k].copy_from_slice(&digits[i..]);
    k
}

/// Appends the decimal digits of `v`.
pub fn push_decimal(buf: &mut Vec<u8>, v: u64) {
    let mut digits = [0u8; 20];
    let k = put_decimal(&mut digits, v);
    buf.extend_from_slice(&digits[..k]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_1_based() {
        let mut out = Vec::new();
        write(&mut out, &[0, 9, 99, 4_294_967_295], b' ').unwrap();
        assert_eq!(out, b"1 10 100 4294967296");
        let mut out = Vec::new();
        let columns: Vec<u32> = (0..100_000).collect();
        write(&mut out, &columns, b',').unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("1,2,3,") && text.ends_with(",99999,100000"));
        assert_eq!(text.split(',').count(), 100_000);
    }
}
