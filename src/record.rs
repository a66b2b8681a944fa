//! The family-neutral record: tags, a main line of moves with comments and NAGs,
//! variations hanging off the move they replace, and the result. Each family plugs in
//! its own move type `M` (what the engine resolved); [`crate::json`] writes it out.

use std::fmt;

use crate::text::{picture_controls, Span};

/// A game family qipu reads, known by its name. Each family names itself (its `GAME`
/// constant); the registry gives them their place here (`Game::Shatar`, `Game::Draughts`,
/// `Game::Go`), so that nothing else needs to know which families there are.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    name: &'static str,
    name_zh: &'static str,
}

impl Game {
    /// The game of a family's name, and of its name in Chinese (the rulebook's).
    pub(crate) const fn named(name: &'static str, name_zh: &'static str) -> Game {
        Game { name, name_zh }
    }

    /// Name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// Name in Chinese messages, in simplified characters (`围棋`).
    pub fn name_zh(self) -> &'static str {
        self.name_zh
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A format records are written in (`convert --to`), known by its name. JSON and plain
/// text are every family's; the others a family declares as its own (its `formats`), and
/// the registry names them here (`Format::Pgn`, …), as it does the games.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Format {
    name: &'static str,
    extension: &'static str,
}

#[allow(non_upper_case_globals)]
impl Format {
    /// One JSON line per record, any family (see [`crate::json`]).
    pub const Json: Format = Format::named("json", "json");
    /// The family's own plain text for people (a rulebook's scoresheet, numbered moves).
    pub const Text: Format = Format::named("text", "txt");

    /// The format of a name and the extension of its files.
    pub(crate) const fn named(name: &'static str, extension: &'static str) -> Format {
        Format { name, extension }
    }

    /// The name `--to` takes (`pgn`, `json`).
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The extension (lower case, without the dot) of the format's files (`text` is `txt`).
    pub fn extension(self) -> &'static str {
        self.extension
    }
}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A family's rules variant (draughts' Russian and Brazilian rules, say).
pub trait RulesVariant: Copy + fmt::Debug + PartialEq {
    /// Lower-case name, as JSON and the command line give it (`"russian"`).
    fn name(self) -> &'static str;
    /// Name in Chinese messages, in simplified characters (`俄罗斯规则`).
    fn name_zh(self) -> &'static str;
}

/// A rules variant where the family is not known (in a report of any family): the
/// family's variant, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantName(&'static str, &'static str);

impl VariantName {
    /// The name of a family's `variant`.
    pub fn of(variant: impl RulesVariant) -> VariantName {
        VariantName(variant.name(), variant.name_zh())
    }

    /// Lower-case name, as JSON gives it.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// Name in Chinese messages, in simplified characters.
    pub fn name_zh(self) -> &'static str {
        self.1
    }
}

impl fmt::Display for VariantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// The variant of a family that has none (Go): no value of it exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoVariant {}

impl RulesVariant for NoVariant {
    fn name(self) -> &'static str {
        match self {}
    }

    fn name_zh(self) -> &'static str {
        match self {}
    }
}

/// What a family's records say beside their moves, each in the family's own type; the
/// family's move type names them.
pub trait FamilyTypes {
    /// The rules variant a record is played under.
    type Variant: RulesVariant;
    /// A start position other than the standard one, written in the family's setup
    /// notation by `Display` (FEN, SGF setup properties).
    type Start: Clone + fmt::Debug + PartialEq + fmt::Display;
    /// A result, normalised by the family; `Display` writes it as the family's records do
    /// (`1-0`, `2-0`, `B+3.5`).
    type Outcome: Clone + fmt::Debug + PartialEq + fmt::Display;
}

/// Tag pairs in the order they were read (PGN/PDN tags, SGF game-info properties,
/// scoresheet headers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of the first tag named `name`, compared without regard to ASCII case.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of the same name in place.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .0
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }
}

/// How a comment that writers make of moves the replay could not take begins: the rest
/// of a line after its last replayed move (`{unreplayed: 12. Kd7 Nf3}`)…
pub(crate) const UNREPLAYED: &str = "unreplayed:";
/// … or a whole variation none of whose moves could be replayed, in parentheses as
/// written, on the move it replaces.
pub(crate) const UNREPLAYED_VARIATION: &str = "unreplayed variation:";

/// How the comment begins that writers put on a move replayed as another
/// ([`crate::diag::Repaired`]), followed by the move as written: the output says what
/// qipu chose and what the record said.
pub(crate) const REPAIRED: &str = "repaired, written as";

/// Appends `text` to a comment, a space between.
pub(crate) fn append_comment(comment: &mut Option<String>, text: &str) {
    match comment {
        Some(comment) => {
            comment.push(' ');
            comment.push_str(text);
        }
        None => *comment = Some(text.to_string()),
    }
}

/// A line of play: the main line or one variation.
pub(crate) type Line<M> = Vec<Node<M>>;

/// One move as replayed, with what the record said around it.
#[derive(Clone, Debug)]
pub struct Node<M> {
    /// The move the engine resolved, in the family's own model.
    pub mv: M,
    /// 1-based over the whole game (variations continue the numbering of their branch point).
    pub ply: u32,
    /// The move as written in the source.
    pub text: String,
    /// Byte range of the move text in the decoded file text.
    pub span: Span,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (`$n`, and `!`/`?` marks as their NAGs).
    pub nags: Vec<u16>,
    /// Alternative lines to this move, each starting in the position before it.
    pub variations: Vec<Line<M>>,
}

impl<M> Node<M> {
    /// A node with no comment, NAGs or variations.
    pub fn new(mv: M, ply: u32, text: impl Into<String>, span: Span) -> Node<M> {
        Node {
            mv,
            ply,
            text: text.into(),
            span,
            comment: None,
            nags: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A replayed record of any family: what every family keeps, in the family's own types
/// (its move `M`), and what the family keeps beside it (`X`: draughts the conventions a
/// record was written in, Go its game tree; nothing for Shatar).
#[derive(Clone, Debug)]
pub struct Record<M: FamilyTypes, X = ()> {
    /// The family the record belongs to.
    pub game: Game,
    /// The rules the record was replayed under, where the family has several (draughts:
    /// Russian, Brazilian), or chess for a PGN game that is not Shatar.
    pub variant: Option<M::Variant>,
    /// Tag pairs as read.
    pub tags: Tags,
    /// The start position, when it is not the standard one.
    pub start: Option<M::Start>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The main line.
    pub moves: Line<M>,
    /// The result as normalised by the family.
    pub result: Option<M::Outcome>,
    /// The rest of the main line as written, from the first move that could not be
    /// replayed; writers carry it in a comment marked as unreplayed, so nothing is lost.
    pub unreplayed: Option<String>,
    /// `%` escape lines read with the record (PGN), written back before it by the
    /// formats that have them.
    pub escape_lines: Vec<String>,
    /// What the family keeps beside the rest.
    pub extra: X,
}

impl<M: FamilyTypes, X> Record<M, X> {
    /// Moves the span of every node, in every variation, `offset` bytes on (without
    /// recursion: variations nest as deep as the input).
    pub fn shift_spans(&mut self, offset: usize) {
        let mut pending: Vec<&mut Line<M>> = vec![&mut self.moves];
        while let Some(line) = pending.pop() {
            for node in line.iter_mut() {
                node.span = node.span.start + offset..node.span.end + offset;
                pending.extend(node.variations.iter_mut());
            }
        }
    }

    /// Writes the unwritable control characters ([`crate::text::is_unwritable_control`])
    /// of every text the record holds as their pictures: tags, comments, moves as written, the
    /// unreplayed rest and escape lines (without recursion, as [`Record::shift_spans`]).
    pub fn picture_controls(&mut self) {
        for (name, value) in &mut self.tags.0 {
            picture_controls(name);
            picture_controls(value);
        }
        let texts = self.comment.iter_mut().chain(self.unreplayed.iter_mut());
        texts
            .chain(self.escape_lines.iter_mut())
            .for_each(picture_controls);
        let mut pending: Vec<&mut Line<M>> = vec![&mut self.moves];
        while let Some(line) = pending.pop() {
            for node in line.iter_mut() {
                picture_controls(&mut node.text);
                node.comment.iter_mut().for_each(picture_controls);
                pending.extend(node.variations.iter_mut());
            }
        }
    }

    /// The record with `extra` kept beside it instead.
    pub fn with_extra<Y>(self, extra: Y) -> Record<M, Y> {
        Record {
            game: self.game,
            variant: self.variant,
            tags: self.tags,
            start: self.start,
            comment: self.comment,
            moves: self.moves,
            result: self.result,
            unreplayed: self.unreplayed,
            escape_lines: self.escape_lines,
            extra,
        }
    }
}

impl<M: FamilyTypes> Record<M> {
    /// An empty record of `game`: no tags, no moves, no result, nothing beside.
    pub fn new(game: Game) -> Record<M> {
        Record {
            game,
            variant: None,
            tags: Tags::default(),
            start: None,
            comment: None,
            moves: Vec::new(),
            result: None,
            unreplayed: None,
            escape_lines: Vec::new(),
            extra: (),
        }
    }
}

/// What makes two records the same game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Likeness {
    /// The same start position and the same moves in the same order (Go: under any of
    /// the board's symmetries, colours as written). Moves that could not be replayed
    /// count as written.
    #[default]
    Moves,
    /// The same final position, side to move included, reached in any move order (Go:
    /// under any symmetry); a record whose replay stopped at an error ends where it
    /// stopped, with the rest as written.
    Final,
}
