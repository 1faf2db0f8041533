//! A recorded benchmark run drawn (`nqueens plot DIR`): mean seconds with
//! error bars and the speed-up over the baseline side by side, nodes
//! below, against n, per solver, as one SVG document (plotters; text is
//! left to the SVG viewer, so no font library is needed). Each solver has
//! one colour and marker by its name, the same in every run, and its
//! timing (`process`, `in-process`) in the legend.
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
use nqueens_sched::solvers;

use crate::record::{RunDir, RAW_HEADER, RAW_HEADER_V1, RAW_HEADER_V2};
use crate::stats;

/// The most seconds a recorded run can take: about 32,000 years.
const MAX_SECONDS: f64 = 1e12;
/// The most nodes a recorded run can count: past any search n <= MAX_N
/// can make (32! is about 2.6e35 placements of one per row and column).
const MAX_NODES: f64 = 1e36;
/// The most labels on the n axis: one per n up to this many sizes.
const MAX_X_LABELS: usize = 33;

/// One solver's (or program's) points: how its runs were timed, and per
/// n the mean seconds, their standard deviation and the nodes (none for
/// an outside program, `bench --command`).
#[derive(Clone, Debug, PartialEq)]
struct Line {
    timing: String,
    points: BTreeMap<usize, Point>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    mean: f64,
    stddev: Option<f64>,
    nodes: Option<f64>,
}

/// The lines by solver name, and the baseline's name (the solver of the
/// first run recorded: a bench runs the baseline first at every size).
#[derive(Clone, Debug, PartialEq)]
struct Series {
    lines: BTreeMap<String, Line>,
    baseline: String,
}

/// A recorded run read back and checked: the mean seconds, their spread
/// and the nodes of each solver (and program) at each size.
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

    /// The charts as one SVG document: mean seconds per count (with
    /// error bars of one standard deviation) and the speed-up over the
    /// baseline side by side above, nodes per count below, against n; one
    /// colour and marker per solver, the same in every run.
    pub fn svg(&self) -> Result<String> {
        let mut svg = String::new();
        draw(&self.series, &mut svg).context("cannot draw the plot")?;
        Ok(svg)
    }
}

/// Reads raw.csv rows into lines per solver.
fn parse(text: &str) -> Result<Series> {
    let mut lines = text.lines();
    let header = match lines.next() {
        Some(h) if [RAW_HEADER, RAW_HEADER_V2, RAW_HEADER_V1].contains(&h.trim()) => h.trim(),
        Some(h) => bail!(
            "its header is '{}', expected '{RAW_HEADER}'",
            h.chars().take(80).collect::<String>()
        ),
        None => bail!("it is empty"),
    };
    let width = header.split(',').count();
    let mut baseline = None;
    type Runs = (Vec<f64>, Option<f64>, String);
    let mut runs: BTreeMap<(String, usize), Runs> = BTreeMap::new();
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
        // Before the timing column, a built-in solver was timed
        // in-process and a program (no nodes) as a process.
        let timing = match (width, f.get(12)) {
            (13, Some(&t)) if ["process", "in-process"].contains(&t) => t.to_string(),
            (13, _) => bail!(bad()),
            _ if nodes.is_some() => "in-process".to_string(),
            _ => "process".to_string(),
        };
        baseline.get_or_insert_with(|| f[1].to_string());
        let entry = runs
            .entry((f[1].to_string(), n))
            .or_insert((Vec::new(), nodes, timing));
        entry.0.push(seconds);
    }
    let Some(baseline) = baseline else {
        bail!("it holds no runs");
    };
    let mut lines: BTreeMap<String, Line> = BTreeMap::new();
    for ((solver, n), (secs, nodes, timing)) in runs {
        let line = lines.entry(solver).or_insert_with(|| Line {
            timing,
            points: BTreeMap::new(),
        });
        let point = Point {
            mean: stats::mean(&secs).expect("a run"),
            stddev: stats::stddev(&secs),
            nodes,
        };
        line.points.insert(n, point);
    }
    Ok(Series { lines, baseline })
}

/// Ten colours told apart at a glance (Tableau 10).
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// Ten darker colours for the programs (`--command`), none of them a
/// built-in solver's, so a program never wears a solver's colour.
const PROGRAM_PALETTE: [RGBColor; 10] = [
    RGBColor(0, 0, 0),
    RGBColor(0, 0, 128),
    RGBColor(128, 0, 0),
    RGBColor(0, 100, 0),
    RGBColor(0, 128, 128),
    RGBColor(128, 128, 0),
    RGBColor(128, 0, 128),
    RGBColor(218, 165, 32),
    RGBColor(47, 79, 79),
    RGBColor(199, 21, 133),
];

/// A solver's colour and marker (0 circle, 1 triangle, 2 square, 3
/// cross), by its name alone, so it is the same in every run: a built-in
/// solver by its place in the catalogue (a circle for the first ten, a
/// square for the next ten, each in its own colour), any other name by a
/// hash of it (FNV-1a) with a triangle or a cross and a colour of its own
/// palette, neither of which a built-in solver wears.
fn style(name: &str) -> (RGBColor, usize) {
    if let Some(i) = solvers::all().iter().position(|s| s.solver() == name) {
        return (PALETTE[i % PALETTE.len()], [0, 2][(i / PALETTE.len()) % 2]);
    }
    let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let k = PROGRAM_PALETTE.len() as u64;
    (
        PROGRAM_PALETTE[(h % k) as usize],
        [1, 3][((h / k) % 2) as usize],
    )
}

/// What one panel draws at n for a line: a value and its spread.
type Pick<'s> = dyn Fn(&Line, usize, &Point) -> Option<(f64, Option<f64>)> + 's;

fn draw(series: &Series, svg: &mut String) -> Result<()> {
    let ns = series.lines.values().flat_map(|l| l.points.keys().copied());
    let (lo, hi) = ns
        .clone()
        .fold((usize::MAX, 0), |(a, b), n| (a.min(n), b.max(n)));
    let root = SVGBackend::with_string(svg, (1280, 1040)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(560);
    let (left, right) = top.split_horizontally(640);
    let base = series.lines.get(&series.baseline);
    panel(
        &left,
        series,
        (lo, hi),
        "mean seconds per count (error bars: one standard deviation)",
        "seconds",
        &|_, _, p| Some((p.mean, p.stddev)),
    )?;
    panel(
        &right,
        series,
        (lo, hi),
        &format!("speed-up over {} (its mean / each mean)", series.baseline),
        "speed-up",
        &|_, n, p| {
            let b = base?.points.get(&n)?;
            stats::speedup((b.mean, b.stddev), (p.mean, p.stddev))
        },
    )?;
    panel(
        &bottom,
        series,
        (lo, hi),
        "nodes (queens placed) per count",
        "nodes",
        &|_, _, p| p.nodes.map(|v| (v, None)),
    )?;
    root.present()?;
    Ok(())
}

fn panel<'b>(
    area: &DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    series: &Series,
    (lo, hi): (usize, usize),
    title: &str,
    unit: &str,
    pick: &Pick<'_>,
) -> Result<()> {
    // Log scales need positive values: a run too short to time is drawn at 1 microsecond.
    let floor = 1e-6;
    let values: Vec<(f64, Option<f64>)> = series
        .lines
        .values()
        .flat_map(|l| l.points.iter().filter_map(|(&n, p)| pick(l, n, p)))
        .collect();
    if values.is_empty() {
        return Ok(());
    }
    let ymin = values
        .iter()
        .map(|(v, s)| (v - s.unwrap_or(0.0)).max(v / 10.0).max(floor))
        .fold(f64::MAX, f64::min)
        / 2.0;
    let ymax = values
        .iter()
        .map(|(v, s)| (v + s.unwrap_or(0.0)).max(floor))
        .fold(f64::MIN, f64::max)
        * 2.0;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 20))
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
    for (solver, line) in &series.lines {
        let look = style(solver);
        let color = look.0;
        let pts: Vec<(f64, f64, Option<f64>)> = line
            .points
            .iter()
            .filter_map(|(&n, p)| {
                let (v, s) = pick(line, n, p)?;
                Some((n as f64, v.max(floor), s))
            })
            .collect();
        if pts.is_empty() {
            continue;
        }
        let fill = color.filled();
        let stroke = color.stroke_width(2);
        let anno = chart
            .draw_series(LineSeries::new(pts.iter().map(|&(x, y, _)| (x, y)), stroke))?
            .label(format!("{solver} ({})", line.timing));
        // The legend shows the line and the solver's marker.
        let dash = move |(x, y): (i32, i32)| {
            EmptyElement::at((x, y)) + PathElement::new(vec![(0, 0), (20, 0)], stroke)
        };
        match look.1 {
            0 => anno.legend(move |c| dash(c) + Circle::new((10, 0), 4, fill)),
            1 => anno.legend(move |c| dash(c) + TriangleMarker::new((10, 0), 5, fill)),
            2 => anno.legend(move |c| dash(c) + Rectangle::new([(6, -4), (14, 4)], fill)),
            _ => anno.legend(move |c| dash(c) + Cross::new((10, 0), 4, stroke)),
        };
        // Error bars: one standard deviation each way, with caps.
        chart.draw_series(pts.iter().filter_map(|&(x, y, s)| {
            let s = s.filter(|s| *s > 0.0)?;
            let (down, up) = ((y - s).max(ymin), (y + s).min(ymax));
            Some(PathElement::new(
                vec![
                    (x - 0.08, down),
                    (x + 0.08, down),
                    (x, down),
                    (x, up),
                    (x - 0.08, up),
                    (x + 0.08, up),
                ],
                color.stroke_width(1),
            ))
        }))?;
        let at = pts.iter().map(|&(x, y, _)| EmptyElement::at((x, y)));
        match look.1 {
            0 => chart.draw_series(at.map(|e| e + Circle::new((0, 0), 4, fill)))?,
            1 => chart.draw_series(at.map(|e| e + TriangleMarker::new((0, 0), 5, fill)))?,
            2 => chart.draw_series(at.map(|e| e + Rectangle::new([(-4, -4), (4, 4)], fill)))?,
            _ => chart.draw_series(at.map(|e| e + Cross::new((0, 0), 4, color.stroke_width(2))))?,
        };
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
    fn means_and_spreads_per_solver_and_size() {
        let text = format!("{RAW_HEADER}\n8,pairs,2,1,0.3,92,12,100,0.3,,2,2,in-process\n8,pairs,2,2,0.1,92,12,100,0.1,,2,2,in-process\n8,pairs,2,3,0.2,92,12,100,0.2,,2,2,in-process\n9,brute,1,1,1.5,352,46,362880,1.5,,2,2,process\n");
        let s = parse(&text).unwrap();
        assert_eq!(s.baseline, "pairs");
        let p = s.lines["pairs"].points[&8];
        assert!((p.mean - 0.2).abs() < 1e-12 && (p.stddev.unwrap() - 0.1).abs() < 1e-12);
        assert_eq!(p.nodes, Some(100.0));
        assert_eq!(s.lines["brute"].timing, "process");
        let b = s.lines["brute"].points[&9];
        assert_eq!((b.mean, b.stddev, b.nodes), (1.5, None, Some(362880.0)));
        // Older records: a solver was timed in-process, a program (no
        // nodes) as a process.
        let old = format!("{RAW_HEADER_V1}\n8,pairs,2,1,0.3,92,12,100\n");
        let s = parse(&old).unwrap();
        assert_eq!(
            (
                s.lines["pairs"].points[&8].mean,
                s.lines["pairs"].timing.as_str()
            ),
            (0.3, "in-process")
        );
        let program = format!("{RAW_HEADER_V2}\n8,c,1,1,0.002,92,,,0.001,1400,2,2\n");
        let s = parse(&program).unwrap();
        assert_eq!(
            (s.lines["c"].points[&8].nodes, s.lines["c"].timing.as_str()),
            (None, "process")
        );
        let bad = format!("{RAW_HEADER}\n8,pairs,2,1,0.3,92,12,100,0.3,,2,2,sometimes\n");
        assert!(parse(&bad).is_err());
    }

    #[test]
    fn a_solver_looks_the_same_in_every_run() {
        // By name alone: whatever else the run holds, in any order.
        assert_eq!(style("halves"), style("halves"));
        let builtin: Vec<_> = solvers::all().iter().map(|s| style(s.solver())).collect();
        for (i, a) in builtin.iter().enumerate() {
            for b in &builtin[i + 1..] {
                assert_ne!(a, b, "two built-in solvers look alike");
            }
        }
        // A program never wears a built-in solver's marker or colour.
        for name in ["c", "python", "c-plain", "mine", "x", "py"] {
            assert!([1, 3].contains(&style(name).1), "{name}");
            assert!(builtin.iter().all(|b| b.0 != style(name).0), "{name}");
        }
        assert_eq!(style("python"), style("python"));
    }

    #[test]
    fn the_svg_shows_timing_error_bars_and_the_speedup() {
        let text = format!("{RAW_HEADER}\n8,mirror,1,1,0.002,92,12,1028,0.002,,2,2,process\n8,mirror,1,2,0.003,92,12,1028,0.003,,2,2,process\n8,py,1,1,0.02,92,,,0.02,9000,2,2,process\n8,py,1,2,0.03,92,,,0.03,9000,2,2,process\n9,mirror,1,1,0.004,352,46,4703,0.004,,2,2,process\n9,mirror,1,2,0.005,352,46,4703,0.005,,2,2,process\n");
        let svg = Recorded {
            series: parse(&text).unwrap(),
        }
        .svg()
        .unwrap();
        for needle in [
            "mirror (process)",
            "py (process)",
            "speed-up over mirror",
            "error bars",
        ] {
            assert!(svg.contains(needle), "{needle}");
        }
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
