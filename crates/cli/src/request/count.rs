//! `count` and `table`: the flags handed to the library's requests
//! ([`nqueens::CountRequest`], [`nqueens::TableRequest`]), which check
//! them once; and the helpers other verbs share (a solver by name, a
//! variant from its flags, a range of boards).

use std::sync::Arc;

use anyhow::{bail, Result};
use nqueens::{number, Board, Kind, Spelling, Variant};

use crate::cli::{CountArgs, CountFormat, TableArgs, TableFormat, VariantArgs};

/// A validated `count` request: the library's count, checked once.
pub struct Count {
    pub count: nqueens::Count,
    pub format: CountFormat,
}

impl TryFrom<CountArgs> for Count {
    type Error = anyhow::Error;
    fn try_from(a: CountArgs) -> Result<Count> {
        let request = nqueens::CountRequest {
            n: a.n,
            solver: a.solver,
            variant: variant(&a.variant)?,
            depth: a.depth,
            run: (&a.run).into(),
            checkpoint: a.checkpoint,
            spelling: Spelling::Flags,
        };
        Ok(Count {
            count: request.check()?,
            format: a.format,
        })
    }
}

/// A validated `table` request.
pub struct Table {
    pub table: nqueens::Table,
    pub format: TableFormat,
}

impl TryFrom<TableArgs> for Table {
    type Error = anyhow::Error;
    fn try_from(a: TableArgs) -> Result<Table> {
        let request = nqueens::TableRequest {
            first: a.from,
            last: a.to,
            run: (&a.run).into(),
            spelling: Spelling::Flags,
        };
        Ok(Table {
            table: request.check()?,
            format: a.format,
        })
    }
}

/// The variant asked for by the flags, if any.
pub fn variant(a: &VariantArgs) -> Result<Option<Variant>> {
    match (a.torus, a.no_three_in_line) {
        (true, true) => bail!(
            "--torus and --no-three-in-line cannot be combined: on a torus lines wrap around too, which is a different problem this tool does not count"
        ),
        (true, false) => Ok(Some(Variant::Torus)),
        (false, true) => Ok(Some(Variant::NoThreeInLine)),
        (false, false) => Ok(None),
    }
}

/// The work the flags name (a solver, or a variant's own search), with
/// the board checked against its limit.
pub fn task(n: &str, solver: Option<&str>, flags: &VariantArgs) -> Result<(Arc<dyn Kind>, Board)> {
    let task = nqueens::task(solver, variant(flags)?, Spelling::Flags)?;
    let board = number::sized(n, "n", &task.sizes())?;
    Ok((task, board))
}

/// `--depth`, one of the depths the work declares on `board`.
pub fn depth(task: &dyn Kind, board: Board, text: Option<&str>) -> Result<Option<usize>> {
    let Some(text) = text else { return Ok(None) };
    Ok(Some(task.depths(board)?.parse("--depth", text)? as usize))
}
