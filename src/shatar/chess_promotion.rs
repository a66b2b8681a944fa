//! A promotion written in a chess player's words, which Shatar's notation does not have:
//! `后` or `皇后` (the chess queen), `象` (the chess bishop), `升` or `升变` (to promote)
//! before a piece (`b7—b8后`, `b8升虎`, `b8变后`). The move read without the words and the
//! piece they name give the legal promotions the writer meant.

use nom::Parser;

use super::grammar::{parse_move, piece};
use super::notation::{MoveText, Suffix};
use super::types::Role;

/// What a token with a chess player's promotion word says: the move written before the
/// word, and the piece the word names (`None` for `升` with no piece after it).
pub(super) struct ChessPromotion {
    pub move_text: MoveText,
    pub role: Option<Role>,
}

/// The chess words that mark such a token; the Shatar notation uses none of them.
const CHESS_WORDS: [char; 4] = ['皇', '后', '升', '象'];

/// Reads `token` as a move followed by a chess player's promotion word, or `None` when it
/// is not one (no such word, or no move before it, or more than a check or mate sign
/// and move marks after it).
pub(super) fn read(token: &str) -> Option<ChessPromotion> {
    let at = token.find(|c| CHESS_WORDS.contains(&c))?;
    let (head, word) = token.split_at(at);
    let head = head.trim_end_matches(['变', '變', '=']);
    let move_text = parse_move(head).ok()?;
    if move_text.promotion.is_some() || move_text.suffix != Suffix::default() {
        return None;
    }
    let word = ["升变", "升變", "升", "变", "變", "="]
        .iter()
        .find_map(|mark| word.strip_prefix(mark))
        .unwrap_or(word);
    let (role, rest) = if let Some(rest) = ["皇后", "后"].iter().find_map(|q| word.strip_prefix(q))
    {
        (Some(Role::Queen), rest)
    } else if let Some(rest) = word.strip_prefix('象') {
        (Some(Role::Bishop), rest)
    } else {
        match piece(word.len()).parse(word) {
            Ok((rest, token)) if token.role != Role::King && token.role != Role::Pawn => {
                (Some(token.role), rest)
            }
            _ => (None, word),
        }
    };
    rest.chars()
        .all(|c| "+#!?".contains(c))
        .then_some(ChessPromotion { move_text, role })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role(token: &str) -> Option<Option<Role>> {
        read(token).map(|p| p.role)
    }

    #[test]
    fn chess_words_name_the_piece() {
        assert_eq!(role("b7—b8后"), Some(Some(Role::Queen)));
        assert_eq!(role("b7—b8皇后+"), Some(Some(Role::Queen)));
        assert_eq!(role("b8升虎"), Some(Some(Role::Queen)));
        assert_eq!(role("b7—b8升变车"), Some(Some(Role::Rook)));
        assert_eq!(role("b8变后#"), Some(Some(Role::Queen)));
        assert_eq!(role("b8=后"), Some(Some(Role::Queen)));
        assert_eq!(role("a7：b8象"), Some(Some(Role::Bishop)));
        assert_eq!(role("b8升"), Some(None));
    }

    #[test]
    fn other_tokens_are_not_read() {
        for token in [
            "b7—b8变虎",
            "b8后后",
            "后b8",
            "b8升王",
            "b8升夫",
            "x后",
            "b8",
        ] {
            assert!(read(token).is_none(), "{token}");
        }
    }
}
