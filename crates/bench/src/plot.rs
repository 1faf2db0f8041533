//! A recorded benchmark run drawn (`nqueens plot DIR`): seconds and nodes
//! against n, per solver, as one SVG document (plotters; text is left to
//! the SVG viewer, so no font library is needed).
//!
//! A record is read as untrusted: every field is checked against the
//! range a bench run can write (n up to `MAX_N`, finite seconds and
//! nodes below [`MAX_SECONDS`] and [`MAX_NODES`], solver names of printable
//! characters), so a damaged or forged record is refused instead of
//! spinning plotters' axis code or growing memory; the plot is drawn in
//! memory ([`Recorded::svg`]), so the door opens its file only to write it
//! (a temporary file lives only for the write).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use plotters::prelude::*;

use nqueens_kernel::MAX_N;

use crate::record::{RunDir, RAW_HEADER, RAW_HEADER_V1, RAW_HEADER_V2};

/// The most seconds a recorded run can take: about 32,000 years.
const MAX_SECONDS: f64 = 1e12;
/// The most nodes a recorded run can count: past any search n <= MAX_N
/// can make (32! is about 2.6e35 placements of one per row and column).
const MAX_NODES: f64 = 1e36;
/// The most labels on the n axis: one per n up to this many sizes.
const MAX_X_LABELS: usize = 33;

/// Medians per solver, per n: (seconds, nodes); an outside program
/// (`bench --command`) reports no nodes.
type Series = BTreeMap<String, BTreeMap<usize, (f64, Option<f64>)>>;

/// A recorded run read back and checked: the median seconds and nodes of
/// each solver (and program) at each size.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    series: Series,
}

impl Recorded {
    /// Reads the raw.csv of the run recorded in `dir`, refusing a file
    /// that is not one a bench run writes.
    pub fn read(dir: &Path) -> Result<Recorded> {
        let text = RunDir::read_raw(dir)
            .map_err(|e| anyhow!("{e:#} (is {} a recorded run?)", dir.display()))?;
        let raw = dir.join("raw.csv");
        let series = parse(&text)
            .with_context(|| format!("{} is not a usable nqueens bench record", raw.display()))?;
        Ok(Recorded { series })
    }

    /// The charts as one SVG document: median seconds per count above,
    /// nodes per count below, against n, one line per solver.
    pub fn svg(&self) -> Result<String> {
        let mut svg = String::new();
        draw(&self.series, &mut svg).context("cannot draw the plot")?;
        Ok(svg)
    }
}

/// Reads raw.csv rows into medians per solver and size.
fn parse(text: &str) -> Result<Series> {
    let mut lines = text.lines();
    let width = match lines.next() {
        Some(h) if [RAW_HEADER, RAW_HEADER_V2, RAW_HEADER_V1].contains(&h.trim()) => {
            h.split(',').count()
        }
        Some(h) => bail!(
            "its header is '{}', expected '{RAW_HEADER}'",
            h.chars().take(80).collect::<String>()
        ),
        None => bail!("it is empty"),
    };
    let mut runs: BTreeMap<(String, usize), (Vec<f64>, Option<f64>)> = BTreeMap::new();
    for (i, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(',').collect();
        let bad = || {
            format!(
                "line {} is not a run record: '{}'",
                i + 2,
                line.chars().take(80).collect::<String>()
            )
        };
        if f.len() != width {
            bail!(bad());
        }
        let n: usize = f[0]
            .parse()
            .ok()
            .filter(|n| (1..=MAX_N).contains(n))
            .with_context(bad)?;
        let within = |max: f64| move |v: &f64| v.is_finite() && (0.0..=max).contains(v);
        let seconds: f64 = f[4]
            .parse()
            .ok()
            .filter(within(MAX_SECONDS))
            .with_context(bad)?;
        let nodes: Option<f64> = match f[7] {
            "" => None,
            v => Some(v.parse().ok().filter(within(MAX_NODES)).with_context(bad)?),
        };
        // The name is drawn as SVG text: no control characters (XML 1.0
        // has no way to write most of them).
        if f[1].is_empty() || f[1].chars().any(char::is_control) {
            bail!(bad());
        }
        let entry = runs
            .entry((f[1].to_string(), n))
            .or_insert((Vec::new(), nodes));
        entry.0.push(seconds);
    }
    if runs.is_empty() {
        bail!("it holds no runs");
    }
    let mut series = Series::new();
    for ((solver, n), (mut secs, nodes)) in runs {
        secs.sort_by(f64::total_cmp);
        let median = secs[secs.len() / 2];
        series.entry(solver).or_default().insert(n, (median, nodes));
    }
    Ok(series)
}

fn draw(series: &Series, svg: &mut String) -> Result<()> {
    let ns = series.values().flat_map(|s| s.keys().copied());
    let (lo, hi) = ns
        .clone()
        .fold((usize::MAX, 0), |(a, b), n| (a.min(n), b.max(n)));
    let root = SVGBackend::with_string(svg, (960, 1040)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(520);
    panel(
        &top,
        series,
        lo,
        hi,
        "median seconds per count",
        "seconds",
        |p| Some(p.0),
    )?;
    panel(
        &bottom,
        series,
        lo,
        hi,
        "nodes (queens placed) per count",
        "nodes",
        |p| p.1,
    )?;
    root.present()?;
    Ok(())
}

fn panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    series: &Series,
    lo: usize,
    hi: usize,
    title: &str,
    unit: &str,
    pick: impl Fn(&(f64, Option<f64>)) -> Option<f64>,
) -> Result<()> {
    // Log scales need positive values: a run too short to time is drawn at 1 microsecond.
    let floor = 1e-6;
    let values: Vec<f64> = series
        .values()
        .flat_map(|s| s.values().filter_map(&pick))
        .map(|v| v.max(floor))
        .collect();
    let ymin = values.iter().copied().fold(f64::MAX, f64::min) / 2.0;
    let ymax = values.iter().copied().fold(f64::MIN, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(
            (lo as f64 - 0.5)..(hi as f64 + 0.5),
            (ymin..ymax).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc(unit)
        .x_labels((hi - lo + 2).min(MAX_X_LABELS))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0e}"))
        .draw()?;
    for (i, (solver, points)) in series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        let pts: Vec<(f64, f64)> = points
            .iter()
            .filter_map(|(&n, p)| Some((n as f64, pick(p)?.max(floor))))
            .collect();
        if pts.is_empty() {
            continue;
        }
        chart
            .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))?
            .label(solver)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_per_solver_and_size() {
        let text = format!("{RAW_HEADER}\n8,pairs,2,1,0.3,92,12,100,0.3,,2,2,in-process\n8,pairs,2,2,0.1,92,12,100,0.1,,2,2,in-process\n8,pairs,2,3,0.2,92,12,100,0.2,,2,2,in-process\n9,brute,1,1,1.5,352,46,362880,1.5,,2,2,in-process\n");
        let s = parse(&text).unwrap();
        assert_eq!(s["pairs"][&8], (0.2, Some(100.0)));
        assert_eq!(s["brute"][&9], (1.5, Some(362880.0)));
        let old = format!("{RAW_HEADER_V1}\n8,pairs,2,1,0.3,92,12,100\n");
        assert_eq!(parse(&old).unwrap()["pairs"][&8], (0.3, Some(100.0)));
        let program = format!("{RAW_HEADER_V2}\n8,c,1,1,0.002,92,,,0.001,1400,2,2\n");
        assert_eq!(parse(&program).unwrap()["c"][&8], (0.002, None));
    }

    #[test]
    fn foreign_and_broken_files_are_refused() {
        assert!(parse("").unwrap_err().to_string().contains("empty"));
        assert!(parse("a,b,c\n1,2,3\n")
            .unwrap_err()
            .to_string()
            .contains("header"));
        let broken = format!("{RAW_HEADER_V1}\n8,pairs,2,1,fast,92,12,100\n");
        assert!(parse(&broken).unwrap_err().to_string().contains("line 2"));
        for row in [
            "0,p,1,1,0.1,92,12,5",
            "33,p,1,1,0.1,92,12,5",
            "99999999999,p,1,1,0.1,92,12,5",
            "8,p,1,1,inf,92,12,5",
            "8,p,1,1,NaN,92,12,5",
            "8,p,1,1,1e308,92,12,5",
            "8,p,1,1,-0.5,92,12,5",
            "8,p,1,1,0.1,92,12,inf",
            "8,p,1,1,0.1,92,12,NaN",
            "8,p,1,1,0.1,92,12,-1",
            "8,p,1,1,0.1,92,12,1e300",
            "8,,1,1,0.1,92,12,5",
            "8,a\u{1b}[31m,1,1,0.1,92,12,5",
        ] {
            let text = format!("{RAW_HEADER_V1}\n{row}\n");
            assert!(parse(&text).is_err(), "{row}");
        }
        assert!(parse(&format!("{RAW_HEADER}\n"))
            .unwrap_err()
            .to_string()
            .contains("no runs"));
    }
}
