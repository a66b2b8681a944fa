//! Reading a text of many records in blocks, in parallel: the text is cut at record
//! boundaries into blocks of some hundred kilobytes, each block is parsed and replayed
//! on its own (so memory holds the parsed games of a few blocks, not of the file), and
//! the reports come back in order with file-relative spans and indices.

use rayon::prelude::*;

use crate::record::Line;
use crate::text::Span;
use crate::{AnyRecord, RecordReport};

/// Blocks are at least this long, unless the text ends first; a block is cut off only
/// when at least another block's worth follows, so a text shorter than two blocks (like
/// a piece of a stream) is read as one without a scan for boundaries.
pub(crate) const BLOCK: usize = 64 * 1024;

/// Reads `text` block by block. `next_boundary(text, start, min)` gives the start of the
/// first record at or after byte `min` of a block that starts (with a record) at `start`,
/// if one can be told without parsing; `read_block` parses and replays one block, with
/// spans relative to it.
pub fn read_in_blocks(
    text: &str,
    next_boundary: impl Fn(&str, usize, usize) -> Option<usize>,
    read_block: impl Fn(&str) -> Vec<RecordReport> + Sync,
) -> Vec<RecordReport> {
    let blocks = cut(text, next_boundary);
    let mut reports: Vec<RecordReport> = if let [_] = blocks[..] {
        // A small file: nothing to share out, so no work for the pool either.
        read_block(text)
    } else {
        let per_block: Vec<Vec<RecordReport>> = blocks
            .par_iter()
            .map(|block| {
                let mut reports = read_block(&text[block.clone()]);
                for report in &mut reports {
                    shift(report, block.start);
                }
                reports
            })
            .collect();
        per_block.into_iter().flatten().collect()
    };
    for (index, report) in reports.iter_mut().enumerate() {
        report.index = index;
    }
    reports
}

fn cut(text: &str, next_boundary: impl Fn(&str, usize, usize) -> Option<usize>) -> Vec<Span> {
    let mut blocks = Vec::new();
    let mut start = 0;
    while start + 2 * BLOCK <= text.len() {
        match next_boundary(text, start, start + BLOCK) {
            Some(next) if next > start && next < text.len() => {
                blocks.push(start..next);
                start = next;
            }
            _ => break,
        }
    }
    blocks.push(start..text.len());
    blocks
}

/// Makes the spans of a report on a block relative to the whole text.
fn shift(report: &mut RecordReport, offset: usize) {
    let by = |span: &mut Span| *span = span.start + offset..span.end + offset;
    by(&mut report.span);
    for diagnostic in &mut report.diagnostics {
        if let Some(span) = &mut diagnostic.span {
            by(span);
        }
    }
    match &mut report.record {
        Some(AnyRecord::Shatar(record)) => shift_line(&mut record.moves, offset),
        Some(AnyRecord::Draughts(record)) => shift_line(&mut record.moves, offset),
        Some(AnyRecord::Go(record)) => shift_line(&mut record.record.moves, offset),
        None => {}
    }
}

/// Shifts every node of a line and of its variations, without recursion.
fn shift_line<M>(line: &mut Line<M>, offset: usize) {
    let mut pending: Vec<&mut Line<M>> = vec![line];
    while let Some(line) = pending.pop() {
        for node in line.iter_mut() {
            node.span = node.span.start + offset..node.span.end + offset;
            pending.extend(node.variations.iter_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_only_at_boundaries_past_the_minimum() {
        let text = "x".repeat(BLOCK * 3);
        let boundaries = [10, BLOCK + 5, BLOCK + 7, 2 * BLOCK + 20];
        let next = |_: &str, _: usize, from: usize| boundaries.iter().copied().find(|b| *b >= from);
        assert_eq!(cut(&text[..2 * BLOCK - 1], next), vec![0..2 * BLOCK - 1]);
        assert_eq!(cut(&text, next), vec![0..BLOCK + 5, BLOCK + 5..3 * BLOCK]);
    }
}
