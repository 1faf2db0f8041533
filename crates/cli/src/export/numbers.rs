//! Long lists of numbers written fast: a solution of ten million queens is
//! 79 MB of digits, formatted by hand and written in 64 KiB chunks.

use std::io::{self, Write};

/// Writes `columns[i] + 1` separated by `sep`.
pub fn write(w: &mut dyn Write, columns: &[u32], sep: u8) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for (i, &c) in columns.iter().enumerate() {
        if i > 0 {
            buf.push(sep);
        }
        push_decimal(&mut buf, u64::from(c) + 1);
        if buf.len() > (1 << 16) - 32 {
            w.write_all(&buf)?;
            buf.clear();
        }
    }
    w.write_all(&buf)
}

/// Appends the decimal digits of `v`.
pub fn push_decimal(buf: &mut Vec<u8>, mut v: u64) {
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
    buf.extend_from_slice(&digits[i..]);
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
