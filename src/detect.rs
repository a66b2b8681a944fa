//! Telling the game family of a file from its name and its content.

use crate::diag::FileIssue;
use crate::text::{Span, Syntax};
use crate::Game;

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
    let controls = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | 0x1A | 0x1B))
        .count();
    (controls > 2 && controls * 100 > head.len()).then_some(FileIssue::BinaryFile)
}

/// The family implied by a file extension, if any.
pub fn game_from_path(path: &str) -> Option<Game> {
    let extension = std::path::Path::new(path)
        .extension()?
        .to_str()?
        .to_ascii_lowercase();
    match extension.as_str() {
        "pgn" => Some(Game::Shatar),
        "pdn" => Some(Game::Draughts),
        "sgf" => Some(Game::Go),
        _ => None,
    }
}

/// The syntax of a file's records, from its family or, unknown, from its raw bytes: the
/// structure decoding must keep.
pub fn syntax(bytes: &[u8], game: Option<Game>) -> Syntax {
    let sgf = match game {
        Some(Game::Go) => true,
        Some(_) => false,
        None => sgf_tree_start(head_bytes(bytes)).is_some(),
    };
    if sgf {
        Syntax::Sgf
    } else {
        Syntax::Text
    }
}

/// The charset a file declares in its own syntax, read from the raw bytes.
pub fn declared_charset(bytes: &[u8], game: Option<Game>) -> Option<(&str, Option<Span>)> {
    if syntax(bytes, game) != Syntax::Sgf {
        return None;
    }
    let (label, range) = crate::go::charset::declared_charset(bytes)?;
    // Diagnostic spans index the decoded text, which agrees with the bytes only as long as
    // everything before is ASCII.
    let span = bytes
        .get(..range.start)
        .is_some_and(<[u8]>::is_ascii)
        .then_some(range);
    Some((label, span))
}

/// Where an SGF game tree starts: `(`, white space, `;`, then a property identifier and
/// `[`. Legacy files may put any text before it. The bytes looked for are ASCII and never
/// trail bytes of GBK, Big5 or Shift_JIS, so this works on undecoded bytes too.
fn sgf_tree_start(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'(', bytes).find(|&open| {
        let rest = skip_space(&bytes[open + 1..]);
        let Some(rest) = rest.strip_prefix(b";") else {
            return false;
        };
        let rest = skip_space(rest);
        let ident = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        ident > 0 && skip_space(&rest[ident..]).starts_with(b"[")
    })
}

fn skip_space(bytes: &[u8]) -> &[u8] {
    let n = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &bytes[n..]
}

fn head_bytes(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.len().min(64 * 1024)]
}

/// The family that the text looks like, from cheap signs in its first kilobytes:
/// an SGF game tree, PDN tags or numeric draughts moves, Shatar headers and piece
/// names, and finally the only two first moves Shatar allows (`e4`/`d4` in any form).
pub fn game_from_text(text: &str) -> Option<Game> {
    let head = head(text, 64 * 1024);
    if sgf_tree_start(head.as_bytes()).is_some() {
        return Some(Game::Go);
    }
    if crate::shatar::looks_like_shatar(head) {
        return Some(Game::Shatar);
    }
    if crate::draughts::pdn::looks_like_pdn(head) {
        return Some(Game::Draughts);
    }
    if head.contains("e4") || head.contains("d4") {
        return Some(Game::Shatar);
    }
    None
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
