//! Finding the character set an SGF file declares (`CA`) before it is decoded.
//!
//! The text layer decides the encoding by BOM first, then this declaration, then detection.
//! The scan is ASCII-compatible: structural bytes `(`, `;`, `)` and upper-case letters never
//! occur as trail bytes of GBK, Big5 or Shift_JIS, but `[`, `\` and `]` can, so a
//! tokenising scan can be derailed by a name such as Big5 `許` (B3 5C) before `CA`; a literal
//! search for `CA[` within the root node backs it up.

use std::ops::Range;

use memchr::memchr;

/// Longest label accepted (`ISO-8859-1`, `windows-1252`, `x-mac-cyrillic` fit).
const MAX_LABEL: usize = 40;

/// The root node's `CA` label and its byte range in `bytes`, if the file declares one.
/// Only the root node is scanned: the scan stops at the first node after it.
pub fn declared_charset(bytes: &[u8]) -> Option<(&str, Range<usize>)> {
    let start = memchr(b'(', bytes)?;
    let (found, root_end) = scan_root(bytes, start + 1);
    found.or_else(|| search_literal(bytes, start..root_end))
}

/// Tokenises the root node starting at `pos` (after `(`); returns a `CA` label found at a
/// property boundary and where the root node ends.
fn scan_root(bytes: &[u8], mut pos: usize) -> (Option<(&str, Range<usize>)>, usize) {
    let mut seen_node = false;
    let mut ident: Range<usize> = pos..pos;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b';' if seen_node => return (None, pos),
            b';' => {
                seen_node = true;
                pos += 1;
            }
            b'(' | b')' => return (None, pos),
            b'[' => {
                let (value, end) = value_at(bytes, pos);
                if bytes[ident.clone()].eq_ignore_ascii_case(b"CA") {
                    if let Some(label) = label(bytes, value) {
                        return (Some(label), end);
                    }
                }
                pos = end;
            }
            b if b.is_ascii_alphabetic() => {
                let len = bytes[pos..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                ident = pos..pos + len;
                pos += len;
                // Long FF[3] names reduce to their capitals (`CharSet` would be `CS`), so
                // only the plain identifier counts.
            }
            _ => pos += 1,
        }
    }
    (None, pos)
}

/// The content range of the value whose `[` is at `open`, and the offset after its `]`.
fn value_at(bytes: &[u8], open: usize) -> (Range<usize>, usize) {
    let mut pos = open + 1;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b'\\' => pos += 2,
            b']' => return (open + 1..pos, pos + 1),
            _ => pos += 1,
        }
    }
    (open + 1..bytes.len(), bytes.len())
}

/// A plausible label: ASCII letters, digits, `-`, `_`, `.`, `:`, white space trimmed.
fn label(bytes: &[u8], r: Range<usize>) -> Option<(&str, Range<usize>)> {
    let raw = bytes.get(r.clone())?;
    let lead = raw.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let trail = raw
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let r = r.start + lead..r.end.saturating_sub(trail).max(r.start + lead);
    let text = std::str::from_utf8(bytes.get(r.clone())?).ok()?;
    let plausible = !text.is_empty()
        && text.len() <= MAX_LABEL
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
    plausible.then_some((text, r))
}

/// Fallback: a literal `CA[` right after a value or node start, within `region`.
fn search_literal(bytes: &[u8], region: Range<usize>) -> Option<(&str, Range<usize>)> {
    let hay = bytes.get(region.clone())?;
    let mut at = 0;
    while let Some(k) = memchr(b'C', &hay[at..]).map(|k| at + k) {
        at = k + 1;
        let boundary =
            k == 0 || matches!(hay[k - 1], b']' | b';' | b'(') || hay[k - 1].is_ascii_whitespace();
        if boundary && hay[k..].starts_with(b"CA[") {
            let open = region.start + k + 2;
            let end = memchr(b']', &bytes[open..]).map_or(bytes.len(), |e| open + e);
            if let Some(found) = label(bytes, open + 1..end) {
                return Some(found);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::encoding_for_label;

    #[test]
    fn finds_root_ca() {
        let text = b"(;FF[4]CA[ GB2312 ]PB[x];B[aa])";
        assert_eq!(declared_charset(text), Some(("GB2312", 11..17)));
    }

    #[test]
    fn ignores_ca_after_root_and_in_values() {
        assert_eq!(declared_charset(b"(;FF[4];CA[Big5])"), None);
        assert_eq!(declared_charset(b"(;C[CA[Big5]])"), None);
        assert_eq!(declared_charset(b"no tree"), None);
    }

    #[test]
    fn survives_trail_backslash_and_bracket() {
        // Big5 `許` is B3 5C: a byte scan sees `\]` and runs past the real end of PB.
        let text = b"(;PB[\xb3\x5c]CA[Big5];B[aa])";
        assert_eq!(declared_charset(text).map(|(l, _)| l), Some("Big5"));
        // Shift_JIS `ソ` is 83 5D: the value seems to end early; scanning still goes on.
        let text = b"(;PB[\x83\x5d\x83\x5d]CA[Shift_JIS];B[aa])";
        assert_eq!(declared_charset(text).map(|(l, _)| l), Some("Shift_JIS"));
    }

    #[test]
    fn missing_semicolon_and_unterminated() {
        assert_eq!(
            declared_charset(b"(\r\nCA[UTF-8]").map(|(l, _)| l),
            Some("UTF-8")
        );
        assert_eq!(
            declared_charset(b"(;CA[UTF-8").map(|(l, _)| l),
            Some("UTF-8")
        );
    }

    #[test]
    fn labels_map_to_encodings() {
        assert_eq!(encoding_for_label("GB2312"), Some(encoding_rs::GB18030));
        assert_eq!(encoding_for_label("cp950"), Some(encoding_rs::BIG5));
        assert_eq!(encoding_for_label("MS_KANJI"), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(encoding_for_label("nonsense"), None);
    }
}
