//! The family-neutral record: tags, a main line of moves with comments and NAGs,
//! variations hanging off the move they replace, and the result. Each family plugs in
//! its own move type `M` (what the engine resolved) and its own JSON fields for it.

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::text::Span;

/// The game families qipu reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Shatar,
    Draughts,
    Go,
}

impl Game {
    /// Name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Game::Shatar => "shatar",
            Game::Draughts => "draughts",
            Game::Go => "go",
        }
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Tag pairs in the order they were read (PGN/PDN tags, SGF game-info properties,
/// scoresheet headers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
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

/// A JSON object of the tags in their order. A name the record gives more than once
/// (`[Round "-"] … [Round "?"]`) is one key, at its first place, whose value is the
/// list of its values in order: a repeated key would be read as one by JSON readers.
impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (i, (name, value)) in self.0.iter().enumerate() {
            let same = |(n, _): &&(String, String)| n == name;
            if self.0[..i].iter().any(|t| same(&t)) {
                continue;
            }
            if self.0[i + 1..].iter().any(|t| same(&t)) {
                let values: Vec<&str> = self.0[i..]
                    .iter()
                    .filter(|t| same(t))
                    .map(|(_, v)| v.as_str())
                    .collect();
                map.serialize_entry(name, &values)?;
            } else {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

/// What a family's move contributes to `convert --to json`, beside `ply` and `text`.
pub trait MoveFields {
    /// Writes the family's own fields (`uci`/`san`, `path`/`captured`, `color`/`point`).
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error>;
}

/// How a comment that writers make of moves the replay could not take begins: the rest
/// of a line after its last replayed move (`{unreplayed: 12. Kd7 Nf3}`)…
pub const UNREPLAYED: &str = "unreplayed:";
/// … or a whole variation none of whose moves could be replayed, in parentheses as
/// written, on the move it replaces.
pub const UNREPLAYED_VARIATION: &str = "unreplayed variation:";

/// Appends `text` to a comment, a space between.
pub fn append_comment(comment: &mut Option<String>, text: &str) {
    match comment {
        Some(comment) => {
            comment.push(' ');
            comment.push_str(text);
        }
        None => *comment = Some(text.to_string()),
    }
}

/// A line of play: the main line or one variation.
pub type Line<M> = Vec<Node<M>>;

/// One move as replayed, with what the record said around it.
#[derive(Clone, Debug)]
pub struct Node<M> {
    pub mv: M,
    /// 1-based over the whole game (variations continue the numbering of their branch point).
    pub ply: u32,
    /// The move as written in the source.
    pub text: String,
    pub span: Span,
    pub comment: Option<String>,
    pub nags: Vec<u16>,
    /// Alternative lines to this move, each starting in the position before it.
    pub variations: Vec<Line<M>>,
}

impl<M> Node<M> {
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

impl<M: MoveFields> Serialize for Node<M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ply", &self.ply)?;
        map.serialize_entry("text", &self.text)?;
        self.mv.write_fields(&mut map)?;
        if !self.nags.is_empty() {
            map.serialize_entry("nags", &self.nags)?;
        }
        if let Some(comment) = &self.comment {
            map.serialize_entry("comment", comment)?;
        }
        if !self.variations.is_empty() {
            map.serialize_entry("variations", &self.variations)?;
        }
        map.end()
    }
}

/// A replayed record of any family.
#[derive(Clone, Debug)]
pub struct Record<M> {
    pub game: Game,
    pub variant: Option<&'static str>,
    pub tags: Tags,
    /// The start position in the family's setup notation, when it is not the standard one.
    pub start: Option<String>,
    /// A comment before the first move.
    pub comment: Option<String>,
    pub moves: Line<M>,
    /// The result as normalised by the family (`1-0`, `2-0`, `B+3.5`, …).
    pub result: Option<String>,
    /// The rest of the main line as written, from the first move that could not be
    /// replayed; writers carry it in a comment marked as unreplayed, so nothing is lost.
    pub unreplayed: Option<String>,
    /// `%` escape lines read with the record (PGN), written back before it by the
    /// formats that have them.
    pub escape_lines: Vec<String>,
}

impl<M> Record<M> {
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
        }
    }
}

/// A record together with where it came from, as `convert --to json` prints it.
pub struct SourcedRecord<'a, M> {
    pub source: &'a str,
    pub index: usize,
    pub record: &'a Record<M>,
}

impl<M: MoveFields> Serialize for SourcedRecord<'_, M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.record;
        let mut s = serializer.serialize_struct("Record", 10)?;
        s.serialize_field("source", self.source)?;
        s.serialize_field("index", &self.index)?;
        s.serialize_field("game", &r.game)?;
        s.serialize_field("variant", &r.variant)?;
        s.serialize_field("tags", &r.tags)?;
        if let Some(start) = &r.start {
            s.serialize_field("start", start)?;
        } else {
            s.skip_field("start")?;
        }
        if let Some(comment) = &r.comment {
            s.serialize_field("comment", comment)?;
        } else {
            s.skip_field("comment")?;
        }
        s.serialize_field("result", &r.result)?;
        s.serialize_field("moves", &r.moves)?;
        if let Some(unreplayed) = &r.unreplayed {
            s.serialize_field("unreplayed", unreplayed)?;
        } else {
            s.skip_field("unreplayed")?;
        }
        s.end()
    }
}
