//! Telling the game family of a file from its name and its content.

use crate::text::Span;
use crate::Game;

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

/// The charset a file declares in its own syntax, read from the raw bytes.
pub fn declared_charset(bytes: &[u8], game: Option<Game>) -> Option<(String, Option<Span>)> {
    let _ = (bytes, game);
    None
}

/// The family that the text looks like, from cheap signs in its first kilobytes.
pub fn game_from_text(text: &str) -> Option<Game> {
    let head = head(text, 64 * 1024);
    let trimmed = head.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    if trimmed.starts_with('(') && trimmed[1..].trim_start().starts_with(';') {
        return Some(Game::Go);
    }
    if crate::shatar::looks_like_shatar(head) {
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
