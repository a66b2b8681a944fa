//! The one list of game families qipu reads, and what is decided by asking each of them:
//! the family of a path or a text, the syntax and declared charset of raw bytes, the
//! formats written and the files a folder walk reads, and a family's reader and stream
//! cutter. A new family is a folder that implements [`Family`] and its line in
//! [`FAMILIES`] (and, for callers that name it, its constants below).

use std::sync::OnceLock;

use crate::family::{Family, RecordCut};
use crate::record::{Format, Game};
use crate::text::{Part, PartScan, Span, Syntax};

/// The families by name, for everyone outside them.
#[allow(non_upper_case_globals)]
impl Game {
    /// Shatar, Mongolian chess.
    pub const Shatar: Game = crate::shatar::GAME;
    /// 64-square draughts.
    pub const Draughts: Game = crate::draughts::GAME;
    /// Go.
    pub const Go: Game = crate::go::GAME;

    /// Every family's game, in the order `--game` lists them.
    pub fn all() -> Vec<Game> {
        FAMILIES.into_iter().map(|family| family.game()).collect()
    }

    /// The game `--game` calls `name`.
    pub fn of_name(name: &str) -> Option<Game> {
        FAMILIES
            .into_iter()
            .map(|family| family.game())
            .find(|game| game.name() == name)
    }
}

/// The formats of the families, by name.
#[allow(non_upper_case_globals)]
impl Format {
    /// PGN, of Shatar.
    pub const Pgn: Format = crate::shatar::PGN;
    /// PDN, of draughts.
    pub const Pdn: Format = crate::draughts::PDN;
    /// SGF, of Go.
    pub const Sgf: Format = crate::go::SGF;

    /// Every format, in the order `--to` lists them: the families' own, then JSON and
    /// text.
    pub fn all() -> Vec<Format> {
        let own = FAMILIES.into_iter().flat_map(|family| family.formats());
        own.copied().chain([Format::Json, Format::Text]).collect()
    }

    /// The format `--to` calls `name`.
    pub fn of_name(name: &str) -> Option<Format> {
        Format::all()
            .into_iter()
            .find(|format| format.name() == name)
    }
}

/// Every family, in the order they are listed (`--game`, the extensions a folder walk
/// reads); their signs are tried on a text of unknown family in [`tried`] order.
static FAMILIES: [&dyn Family; 3] = [
    &crate::shatar::Shatar,
    &crate::draughts::Draughts,
    &crate::go::Go,
];

/// The families in the order their signs are tried: those of a syntax of their own (SGF)
/// first, as its structure is a surer sign than the words the text families look for.
fn tried() -> impl Iterator<Item = &'static dyn Family> {
    let own = FAMILIES.into_iter().filter(|f| f.syntax() != Syntax::Text);
    own.chain(FAMILIES.into_iter().filter(|f| f.syntax() == Syntax::Text))
}

/// How much of a text its signs are looked for in.
const HEAD: usize = 64 * 1024;

/// The family of `game`.
pub(crate) fn family(game: Game) -> &'static dyn Family {
    FAMILIES
        .into_iter()
        .find(|family| family.game() == game)
        .expect("every game has its family in the list")
}

/// The family implied by a file extension, if any.
pub fn game_from_path(path: &str) -> Option<Game> {
    let extension = extension_of(path)?;
    FAMILIES
        .into_iter()
        .find(|family| family.extensions().contains(&extension.as_str()))
        .map(|family| family.game())
}

/// The extensions (lower case) of the files a folder walk reads, as `qipu validate DIR`
/// does: those of the formats the families write (`pgn`, `pdn`, `sgf`), then `txt`, the
/// text any family's records may come in (a scoresheet, say), then those the families
/// only read (`gib`, …).
pub fn record_extensions() -> &'static [&'static str] {
    static EXTENSIONS: OnceLock<Vec<&'static str>> = OnceLock::new();
    EXTENSIONS.get_or_init(|| {
        let written = FAMILIES.into_iter().flat_map(|family| family.formats());
        let mut extensions: Vec<&str> = written.map(|format| format.extension()).collect();
        extensions.push(Format::Text.extension());
        for extension in FAMILIES.into_iter().flat_map(|family| family.extensions()) {
            if !extensions.contains(extension) {
                extensions.push(extension);
            }
        }
        extensions
    })
}

/// The extension of a path, lower case.
pub(crate) fn extension_of(path: &str) -> Option<String> {
    let extension = std::path::Path::new(path).extension()?.to_str()?;
    Some(extension.to_ascii_lowercase())
}

/// The family of raw bytes: the one given, else one that recognises them undecoded.
fn family_of_bytes(bytes: &[u8], game: Option<Game>) -> Option<&'static dyn Family> {
    match game {
        Some(game) => Some(family(game)),
        None => {
            let head = &bytes[..bytes.len().min(HEAD)];
            tried().find(|family| family.recognises_bytes(head))
        }
    }
}

/// The syntax of a file's records, from its family or, unknown, from its raw bytes: the
/// structure decoding must keep.
pub fn syntax(bytes: &[u8], game: Option<Game>) -> Syntax {
    family_of_bytes(bytes, game).map_or(Syntax::Text, |family| family.syntax())
}

/// The charset a file declares in its own syntax, read from the raw bytes. Its span
/// indexes the text only when the bytes before it are ASCII (which decode to the same
/// bytes in any ASCII-compatible encoding).
pub fn declared_charset(bytes: &[u8], game: Option<Game>) -> Option<(&str, Option<Span>)> {
    let (label, range) = family_of_bytes(bytes, game)?.declared_charset(bytes)?;
    let span = bytes
        .get(..range.start)
        .is_some_and(<[u8]>::is_ascii)
        .then_some(range);
    Some((label, span))
}

/// The game trees (or other parts) of a file that decode on their own, each by the
/// charset it declares, when the file's family finds such (see [`Family::charset_parts`]);
/// `utf8` is the bytes' UTF-8 reading, when they are UTF-8.
pub fn charset_parts(bytes: &[u8], utf8: Option<&str>, game: Option<Game>) -> Option<Vec<Part>> {
    family_of_bytes(bytes, game)?.charset_parts(bytes, utf8)
}

/// [`charset_parts`] where the family tells it before the bytes are decoded; `None` where
/// the bytes may decode as one, which [`decodes_as_one_text`] may tell from their text
/// (see [`Family::parts_before_decoding`]).
pub(crate) fn parts_before_decoding(
    bytes: &[u8],
    utf8: Option<&str>,
    game: Option<Game>,
) -> Option<Option<Vec<Part>>> {
    family_of_bytes(bytes, game).map_or(Some(None), |family| {
        family.parts_before_decoding(bytes, utf8)
    })
}

/// Whether `text`, the clean decoding of all of `bytes` in `encoding`, shows that they
/// decode as one (see [`Family::decodes_as_one_text`]).
pub(crate) fn decodes_as_one_text(
    bytes: &[u8],
    text: &str,
    encoding: &'static encoding_rs::Encoding,
    game: Option<Game>,
) -> bool {
    family_of_bytes(bytes, game)
        .is_some_and(|family| family.decodes_as_one_text(bytes, text, encoding))
}

/// A scan for such parts in a stream whose first bytes are `head`, from offset `at`.
pub(crate) fn part_scan(head: &[u8], game: Option<Game>, at: usize) -> Option<Box<dyn PartScan>> {
    family_of_bytes(head, game)?.part_scan(at)
}

/// The family that the text looks like, from cheap signs in its first kilobytes (an SGF
/// game tree, Shatar headers and piece names, PDN tags or numeric draughts moves), and
/// failing those, weaker ones (the only two first moves Shatar allows).
pub fn game_from_text(text: &str) -> Option<Game> {
    let head = head(text, HEAD);
    tried()
        .find(|family| family.recognises(head))
        .or_else(|| tried().find(|family| family.might_hold(head)))
        .map(|family| family.game())
}

/// How a stream of `game`'s text is cut; text of a family not known yet is cut as the
/// family that says it cuts such text ([`Family::cuts_unknown_text`]) cuts its own.
pub(crate) fn cutter(game: Option<Game>) -> Box<dyn RecordCut> {
    let family = match game {
        Some(game) => family(game),
        None => FAMILIES
            .into_iter()
            .find(|family| family.cuts_unknown_text())
            .expect("a family cuts text of no known family"),
    };
    family.cutter()
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_family_cuts_text_of_no_known_family() {
        let cutting = FAMILIES.iter().filter(|f| f.cuts_unknown_text()).count();
        assert_eq!(cutting, 1);
    }

    #[test]
    fn families_own_their_formats_and_extensions() {
        let names: Vec<&str> = Format::all().iter().map(|f| f.name()).collect();
        assert_eq!(names, ["pgn", "pdn", "sgf", "json", "text"]);
        let extensions = record_extensions();
        assert_eq!(
            extensions,
            ["pgn", "pdn", "sgf", "txt", "gib", "ngf", "ugf", "ugi"]
        );
        for family in FAMILIES {
            for format in family.formats() {
                assert!(
                    family.extensions().contains(&format.extension()),
                    "{format:?}"
                );
            }
        }
    }
}
