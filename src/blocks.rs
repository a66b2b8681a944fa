//! Reading a text of many records in blocks, in parallel: the text is cut at record
//! boundaries into blocks of some hundred kilobytes, each block is parsed and replayed
//! on its own (so memory holds the parsed games of a few blocks, not of the file), and
//! the reports come back in order with file-relative spans and indices.

use crate::text::Span;
use crate::RecordReport;

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
        let per_block = crate::pool::map(&blocks, |block| {
            let mut reports = read_block(&text[block.clone()]);
            for report in &mut reports {
                shift(report, block.start);
            }
            reports
        });
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

/// The start of the first line at or after byte `from` that follows an empty line and
/// that `opens(text, start)` says opens a record. Line ends may be LF, CRLF or CR alone,
/// mixed as they come. A `from` between the CR and LF of a line end, or within a run of
/// line ends, may only miss the blank line there, never cut elsewhere.
pub(crate) fn after_blank_line(
    text: &str,
    from: usize,
    opens: impl Fn(&str, usize) -> bool,
) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    while let Some(found) = memchr::memchr2(b'\n', b'\r', bytes.get(at..)?) {
        let end = at + found;
        let next_line = end + line_end_len(bytes, end);
        if let Some(len) = line_end_at(bytes, next_line) {
            let start = next_line + len;
            // A CR at the very end may yet be followed by its LF: no cut before it.
            let complete = !(bytes[start - 1] == b'\r' && start == bytes.len());
            if complete && opens(text, start) {
                return Some(start);
            }
        }
        at = next_line;
    }
    None
}

/// Length of the line end at `at`, if one starts there: 2 for CRLF, 1 for LF or CR.
fn line_end_at(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'\n' => Some(1),
        b'\r' => Some(if bytes.get(at + 1) == Some(&b'\n') {
            2
        } else {
            1
        }),
        _ => None,
    }
}

fn line_end_len(bytes: &[u8], at: usize) -> usize {
    line_end_at(bytes, at).unwrap_or(0)
}

/// Makes the spans of a report on a block relative to the whole text.
pub(crate) fn shift(report: &mut RecordReport, offset: usize) {
    let by = |span: &mut Span| *span = span.start + offset..span.end + offset;
    by(&mut report.span);
    for diagnostic in &mut report.diagnostics {
        if let Some(span) = &mut diagnostic.span {
            by(span);
        }
    }
    if let Some(record) = &mut report.record {
        record.shift(offset);
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

    fn tag(text: &str, start: usize) -> bool {
        text[start..].starts_with('[')
    }

    #[test]
    fn blank_lines_in_every_line_end_style() {
        for end in ["\n", "\r\n", "\r"] {
            let text = format!("[A]{end}{end}1. e4 *{end}{end}[B]{end}{end}1. d4 *{end}");
            let second = text.find("[B]").unwrap();
            assert_eq!(after_blank_line(&text, 0, tag), Some(second), "{end:?}");
            assert_eq!(after_blank_line(&text, second, tag), None, "{end:?}");
        }
        // LF then CRLF is a blank line too; a CR alone at the end may be half a CRLF.
        assert_eq!(after_blank_line("x\n\r\n[B]", 0, tag), Some(4));
        assert_eq!(after_blank_line("x\r\n\r", 0, |_, _| true), None);
        assert_eq!(after_blank_line("x\r\n\r\n", 0, |_, _| true), Some(5));
    }
}
