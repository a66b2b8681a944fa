//! A record's diagnostics as a comparison of two reads sees them: each one's code, line
//! and column. The fuzz properties include this file with `#[path]` too.

use qipu::{Document, RecordReport};

/// Each diagnostic of `report` as its code and its 1-based line and column, in order.
pub fn diagnostics_at(
    document: &Document,
    report: &RecordReport,
) -> Vec<(&'static str, Option<(usize, usize)>)> {
    report
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code(),
                d.located(&document.text, &document.lines).line_col(),
            )
        })
        .collect()
}
