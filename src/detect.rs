//! Telling text from what is not: empty input, binary data.

use std::ops::Range;

use crate::diag::FileIssue;

/// [`not_text`], where the bytes of `utf16` (game trees in UTF-16 among others in bytes,
/// whose NULs are text) are no sign of binary data.
pub fn not_text_besides(bytes: &[u8], utf16: &[Range<usize>]) -> Option<FileIssue> {
    match not_text(bytes) {
        Some(FileIssue::BinaryFile) if !utf16.is_empty() => {
            let mut rest = Vec::with_capacity(bytes.len());
            let mut at = 0;
            for range in utf16 {
                rest.extend_from_slice(&bytes[at..range.start.max(at)]);
                at = at.max(range.end);
            }
            rest.extend_from_slice(&bytes[at.min(bytes.len())..]);
            not_text(&rest).filter(|issue| *issue == FileIssue::BinaryFile)
        }
        other => other,
    }
}

/// Why `bytes` hold no text to read records from: empty (or white space only), or
/// binary. UTF-16 text has NUL bytes too, so it is recognised first: by its BOM, or by
/// NULs on every other byte.
pub fn not_text(bytes: &[u8]) -> Option<FileIssue> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Some(FileIssue::EmptyFile);
    }
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return None;
    }
    let head = &bytes[..bytes.len().min(64 * 1024)];
    if crate::text::utf16_without_bom(head).is_some() {
        return None;
    }
    // Text in any 8-bit or multi-byte encoding qipu reads has few NULs and C0 controls
    // besides white space (a DOS end-of-file mark, ESC in ISO-2022): a stray one or two in
    // a value are text with a fault; more, and more than one byte in a hundred, binary.
    let binary = |controls: usize| controls > 2 && controls * 100 > head.len();
    // The bytes below 0x20 besides line ends, which hold every control counted, are
    // counted first, at less cost: in nearly all text they are too few to tell anything.
    if !binary(lows_besides_line_ends(head)) {
        return None;
    }
    binary(controls_besides_white_space(head)).then_some(FileIssue::BinaryFile)
}

/// Bytes below 0x20 in `bytes` other than line feeds and carriage returns, counted as
/// [`controls_besides_white_space`] counts.
fn lows_besides_line_ends(bytes: &[u8]) -> usize {
    crate::text::count_bytes(bytes, |b| (b < 0x20) & (b != b'\n') & (b != b'\r'))
}

/// NULs and C0 controls in `bytes` other than white space, the DOS end-of-file mark and
/// ESC: compared, not located, so counted in a loop the compiler runs on many bytes at
/// once (text has a line end in every few words, which a word-at-a-time test for bytes
/// below 0x20 had to count byte by byte).
fn controls_besides_white_space(bytes: &[u8]) -> usize {
    // Below 0x20, and neither 09..=0D (tab, line feed, vertical tab, form feed, carriage
    // return) nor 1A..=1B (the end-of-file mark, ESC).
    crate::text::count_bytes(bytes, |b| {
        (b < 0x20) & !(b.wrapping_sub(0x09) < 5) & !(b.wrapping_sub(0x1A) < 2)
    })
}
