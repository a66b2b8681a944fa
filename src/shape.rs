//! Shaping what `convert` writes, as pgn-extract and SGFC shape theirs: what to strip
//! (comments, NAGs, variations, markup, unknown tags and properties), how many plies of the
//! main line to keep, and how wide the text formats' lines may be. A [`Shape`] rides in
//! [`crate::WriteOptions`]; [`crate::AnyRecord::reshape`] applies it to a kept record in
//! place and counts what it removed ([`Stripped`]), and the writers then write the
//! reshaped record as they write any other.
//!
//! Never stripped: the moves of the main line, the start position, the unreplayed rest of
//! a record with errors and the notes qipu writes into comments (a variation that could not
//! be replayed, a repaired move: they carry what the record said), and the tags a writer
//! needs. Reshaping a reshaped record changes nothing.

use std::ops::AddAssign;

use crate::record::{FamilyTypes, Line, Record, REPAIRED, UNREPLAYED, UNREPLAYED_VARIATION};
use crate::wrap::MAX_LINE;

/// What `--strip` removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strip {
    /// Comments: on moves and before the first (SGF `C`, and `N`, the node's name); not
    /// game information (SGF `GC`, a tag).
    Comments,
    /// NAGs: `$n` and the `!`/`?` marks of PGN and PDN; SGF's move annotations (`BM` `DO`
    /// `IT` `TE`) and position judgements (`GB` `GW` `DM` `UC` `HO` `V`).
    Nags,
    /// Every side line.
    Variations,
    /// SGF board markup: `AR` `CR` `DD` `LB` `LN` `MA` `SL` `SQ` `TR`, and `FF[3]`'s `L`
    /// and `M`. PGN and PDN have none.
    Markup,
    /// Tags no standard of the format defines (PGN: the Seven Tag Roster and the
    /// standard's supplemental tags, `Variant`; PDN: PDN 3.0's), and SGF properties
    /// `FF[4]` does not define.
    Unknown,
}

impl Strip {
    const ALL: [Strip; 5] = [
        Strip::Comments,
        Strip::Nags,
        Strip::Variations,
        Strip::Markup,
        Strip::Unknown,
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// How the output is shaped ([`crate::WriteOptions::with`]); by default as the writers
/// write without it: nothing stripped, every ply, lines of at most 79 characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// What is stripped, one bit for each [`Strip`].
    strip: u8,
    /// Keep the first this many plies of the main line, and of every other line what
    /// lies within as many plies from the start; the result becomes unknown when the main
    /// line is cut.
    pub ply_limit: Option<usize>,
    /// The longest line the text formats (PGN, PDN, SGF, text) make where they can break
    /// it; a single longer token stands alone. JSON is one line a record, whatever this
    /// says.
    pub line_width: usize,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape {
            strip: 0,
            ply_limit: None,
            line_width: MAX_LINE,
        }
    }
}

impl Shape {
    /// The shape with `what` stripped too.
    pub fn stripping(mut self, what: Strip) -> Shape {
        self.strip |= what.bit();
        self
    }

    /// Whether `what` is stripped.
    pub fn strips(&self, what: Strip) -> bool {
        self.strip & what.bit() != 0
    }

    /// What is stripped, in [`Strip`] order.
    pub fn stripped(&self) -> impl Iterator<Item = Strip> + '_ {
        Strip::ALL.into_iter().filter(|what| self.strips(*what))
    }

    /// Whether the shape changes a record (and not only the lines it is written in).
    pub fn reshapes(&self) -> bool {
        self.strip != 0 || self.ply_limit.is_some()
    }

    /// The limit the main line is cut at, when it holds more than the limit: more
    /// replayed moves, or as many and an unreplayed rest. A record whose replay stopped
    /// before the limit keeps its unreplayed rest, which cannot be counted in plies.
    pub(crate) fn main_line_cut(&self, replayed: usize, unreplayed: bool) -> Option<usize> {
        self.ply_limit
            .filter(|&limit| replayed > limit || (unreplayed && replayed >= limit))
    }
}

/// What reshaping a record removed from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stripped {
    /// Comments (SGF: `C` and `N` properties).
    pub comments: usize,
    /// NAGs (SGF: annotation properties).
    pub nags: usize,
    /// Side lines, those inside another counted too.
    pub variations: usize,
    /// Markup properties (SGF).
    pub markup: usize,
    /// Tags no standard defines (PGN, PDN).
    pub unknown_tags: usize,
    /// Properties `FF[4]` does not define (SGF).
    pub unknown_properties: usize,
    /// Plies of the main line beyond the limit (SGF: its move nodes).
    pub plies: usize,
    /// Records whose main line was cut at the limit.
    pub cut: usize,
}

impl Stripped {
    /// The count of `what`; unknown tags and properties together.
    pub fn of(&self, what: Strip) -> usize {
        match what {
            Strip::Comments => self.comments,
            Strip::Nags => self.nags,
            Strip::Variations => self.variations,
            Strip::Markup => self.markup,
            Strip::Unknown => self.unknown_tags + self.unknown_properties,
        }
    }
}

impl AddAssign for Stripped {
    fn add_assign(&mut self, other: Stripped) {
        self.comments += other.comments;
        self.nags += other.nags;
        self.variations += other.variations;
        self.markup += other.markup;
        self.unknown_tags += other.unknown_tags;
        self.unknown_properties += other.unknown_properties;
        self.plies += other.plies;
        self.cut += other.cut;
    }
}

/// Reshapes the family-neutral part of a record: its lines, comments, NAGs and tags
/// (those `known` says a standard defines are kept). A cut main line leaves the result
/// unknown: no result, and a `result_tag` of `unknown` where the record has one.
pub(crate) fn reshape_record<M: FamilyTypes, X>(
    record: &mut Record<M, X>,
    shape: &Shape,
    known: impl Fn(&str) -> bool,
    (result_tag, unknown): (&str, &str),
) -> Stripped {
    let mut stripped = Stripped::default();
    if !shape.reshapes() {
        return stripped;
    }
    if let Some(limit) = shape.ply_limit {
        let replayed = record.moves.len();
        if let Some(cut) = shape.main_line_cut(replayed, record.unreplayed.is_some()) {
            stripped.plies = replayed - cut;
            stripped.cut = 1;
            record.moves.truncate(cut);
            record.unreplayed = None;
            record.result = None;
            if record.tags.get(result_tag).is_some() {
                record.tags.set(result_tag, unknown);
            }
        }
        within_plies(&mut record.moves, limit);
    }
    let variations = shape.strips(Strip::Variations);
    let comments = shape.strips(Strip::Comments);
    let nags = shape.strips(Strip::Nags);
    if comments && strip_comment(&mut record.comment) {
        stripped.comments += 1;
    }
    let mut pending: Vec<&mut Line<M>> = vec![&mut record.moves];
    while let Some(line) = pending.pop() {
        for node in line.iter_mut() {
            if variations {
                stripped.variations += count_lines(&node.variations);
                node.variations.clear();
            }
            if comments && strip_comment(&mut node.comment) {
                stripped.comments += 1;
            }
            if nags {
                stripped.nags += node.nags.len();
                node.nags.clear();
            }
            pending.extend(node.variations.iter_mut());
        }
    }
    if shape.strips(Strip::Unknown) {
        let before = record.tags.0.len();
        record.tags.0.retain(|(name, _)| known(name));
        stripped.unknown_tags = before - record.tags.0.len();
    }
    stripped
}

/// Cuts every variation of `main` (at any depth) to the plies within `limit` of the
/// start; the main line itself is cut by the caller.
fn within_plies<M>(main: &mut Line<M>, limit: usize) {
    // Each line with the ply its first move is played at (1-based from the record's first).
    let mut pending: Vec<(&mut Line<M>, usize)> = vec![(main, 1)];
    while let Some((line, first)) = pending.pop() {
        for (i, node) in line.iter_mut().enumerate() {
            let ply = first + i;
            for variation in &mut node.variations {
                variation.truncate((limit + 1).saturating_sub(ply));
            }
            node.variations.retain(|variation| !variation.is_empty());
            pending.extend(node.variations.iter_mut().map(|v| (v, ply)));
        }
    }
}

/// The number of lines in `variations`, those nested in them included.
fn count_lines<M>(variations: &[Line<M>]) -> usize {
    let mut count = 0;
    let mut pending: Vec<&Line<M>> = variations.iter().collect();
    while let Some(line) = pending.pop() {
        count += 1;
        pending.extend(line.iter().flat_map(|node| node.variations.iter()));
    }
    count
}

/// Strips a comment down to the notes qipu wrote into it (see [`qipu_notes_at`]);
/// whether anything went.
fn strip_comment(comment: &mut Option<String>) -> bool {
    let Some(text) = comment else { return false };
    match qipu_notes_at(text) {
        Some(0) => false,
        Some(at) => {
            text.drain(..at);
            true
        }
        None => {
            *comment = None;
            true
        }
    }
}

/// Where the notes qipu appends to a comment begin: the rest of a variation or a whole
/// variation that could not be replayed, kept as written, and a move replayed as another.
/// They follow what the record said, each after a space.
fn qipu_notes_at(text: &str) -> Option<usize> {
    [UNREPLAYED, UNREPLAYED_VARIATION, REPAIRED]
        .into_iter()
        .filter_map(|marker| {
            text.match_indices(marker)
                .map(|(at, _)| at)
                .find(|&at| at == 0 || text[..at].ends_with(char::is_whitespace))
        })
        .min()
}

/// Tags of the PGN standard: the Seven Tag Roster and the supplemental tags of its
/// section 9, with `Variant` (which names the game); compared without regard to case,
/// as the writers find the roster.
pub(crate) fn is_pgn_tag(name: &str) -> bool {
    const TAGS: [&str; 38] = [
        "Event",
        "Site",
        "Date",
        "Round",
        "White",
        "Black",
        "Result",
        "WhiteTitle",
        "BlackTitle",
        "WhiteElo",
        "BlackElo",
        "WhiteUSCF",
        "BlackUSCF",
        "WhiteNA",
        "BlackNA",
        "WhiteType",
        "BlackType",
        "EventDate",
        "EventSponsor",
        "Section",
        "Stage",
        "Board",
        "Opening",
        "Variation",
        "SubVariation",
        "ECO",
        "NIC",
        "Time",
        "UTCTime",
        "UTCDate",
        "TimeControl",
        "SetUp",
        "FEN",
        "Termination",
        "Annotator",
        "Mode",
        "PlyCount",
        "Variant",
    ];
    TAGS.iter().any(|tag| tag.eq_ignore_ascii_case(name))
}

/// Tags of PDN 3.0: the seven it shares with PGN, `GameType` and `FEN`, and those it
/// takes over from PGN by reference for the players, the event, the time and the game's
/// end (not PGN's chess openings, `SetUp` or `Variant`).
pub(crate) fn is_pdn_tag(name: &str) -> bool {
    const CHESS_ONLY: [&str; 7] = [
        "Opening",
        "Variation",
        "SubVariation",
        "ECO",
        "NIC",
        "SetUp",
        "Variant",
    ];
    name.eq_ignore_ascii_case("GameType")
        || (is_pgn_tag(name) && !CHESS_ONLY.iter().any(|tag| tag.eq_ignore_ascii_case(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_keeps_the_notes_qipu_wrote_into_it() {
        let mut comment = Some(format!("good {UNREPLAYED_VARIATION} (Kd7) {REPAIRED} Nf3"));
        assert!(strip_comment(&mut comment));
        assert_eq!(
            comment.as_deref(),
            Some(format!("{UNREPLAYED_VARIATION} (Kd7) {REPAIRED} Nf3").as_str())
        );
        assert!(
            !strip_comment(&mut comment),
            "stripping twice is stripping once"
        );
        let mut plain = Some("well played".to_string());
        assert!(strip_comment(&mut plain));
        assert_eq!(plain, None);
        let mut inside = Some(format!("not{REPAIRED} a note"));
        assert!(strip_comment(&mut inside));
        assert_eq!(inside, None, "a marker inside a word is no note");
    }

    #[test]
    fn the_main_line_is_cut_only_where_it_holds_more() {
        let shape = Shape {
            ply_limit: Some(4),
            ..Shape::default()
        };
        assert_eq!(shape.main_line_cut(5, false), Some(4));
        assert_eq!(shape.main_line_cut(4, false), None);
        assert_eq!(shape.main_line_cut(4, true), Some(4));
        assert_eq!(shape.main_line_cut(3, true), None, "the rest is kept");
        assert_eq!(Shape::default().main_line_cut(9, true), None);
    }

    #[test]
    fn strips_are_a_set() {
        let shape = Shape::default()
            .stripping(Strip::Unknown)
            .stripping(Strip::Comments)
            .stripping(Strip::Comments);
        assert!(shape.strips(Strip::Comments) && !shape.strips(Strip::Nags));
        assert_eq!(
            shape.stripped().collect::<Vec<_>>(),
            [Strip::Comments, Strip::Unknown]
        );
        assert!(is_pgn_tag("whiteelo") && !is_pgn_tag("Source"));
        assert!(is_pdn_tag("GameType") && !is_pdn_tag("ECO") && is_pdn_tag("Annotator"));
    }
}
