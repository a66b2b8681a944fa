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
    let controls = controls_besides_white_space(head);
    (controls > 2 && controls * 100 > head.len()).then_some(FileIssue::BinaryFile)
}

/// NULs and C0 controls in `bytes` other than white space, the DOS end-of-file mark and
/// ESC. Eight bytes are tested at once for any below 0x20 (text has few: a line end in
/// every few words), and only words with one are counted byte by byte.
fn controls_besides_white_space(bytes: &[u8]) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let is_control =
        |b: &u8| *b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | 0x1A | 0x1B);
    let mut words = bytes.chunks_exact(8);
    let mut controls = 0;
    for word in words.by_ref() {
        let x = u64::from_ne_bytes(word.try_into().expect("eight bytes"));
        // Some byte is below 0x20 (the classic test for a byte below n, exact for n ≤ 128).
        if x.wrapping_sub(ONES * 0x20) & !x & HIGHS != 0 {
            controls += word.iter().filter(|b| is_control(b)).count();
        }
    }
    controls + words.remainder().iter().filter(|b| is_control(b)).count()
}
