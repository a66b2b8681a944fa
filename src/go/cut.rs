//! Where a text of SGF game trees can be cut between records without parsing it (blocks
//! read in parallel, pieces of a stream): after a top-level tree, before the next tree
//! that surely is a game.

use crate::blocks::BLOCK;
use crate::family::{RecordCut, OPENS_AT_LOOKBACK};

/// Where to cut after the first top-level SGF game tree that ends at or after `min`,
/// scanning from `start` (which must lie between trees), provided another tree follows:
/// see [`SgfScan::find`]. The block reader's boundaries.
pub(super) fn tree_end(text: &str, start: usize, min: usize) -> Option<usize> {
    let mut scan = SgfScan {
        at: start,
        ..SgfScan::default()
    };
    scan.find(text, min)
}

/// Whether the tree whose `(` is at `open` surely holds a property, so that the SGF reader
/// takes it for a game and not for stray text in parentheses (a banner's `(c) 2020`): the
/// `(`, an optional `;`, an identifier and its `[`, with white space between. `None` when
/// the text ends before that can be told. A tree of another shape may still be a game; it
/// is just not cut before.
///
/// Not [`tree_start`]: that sign tells SGF from other text and asks for the `;`; this one
/// follows the reader, which takes `(B[aa]` for a game too, and must wait for more text.
fn holds_a_property(bytes: &[u8], open: usize) -> Option<bool> {
    // The white space of the SGF reader, in ASCII: every byte that is not graphic.
    let after_space = |mut at: usize| {
        while bytes
            .get(at)
            .is_some_and(|b| b.is_ascii() && !b.is_ascii_graphic())
        {
            at += 1;
        }
        at
    };
    let mut at = after_space(open + 1);
    if *bytes.get(at)? == b';' {
        at = after_space(at + 1);
    }
    let ident = at;
    while bytes.get(at)?.is_ascii_alphabetic() {
        at += 1;
    }
    if at == ident {
        return Some(false);
    }
    at = after_space(at);
    Some(*bytes.get(at)? == b'[')
}

/// Scanner state over SGF text: parenthesis depth, whether the scan stands inside a
/// `[...]` value of a tree (after a backslash), the end of a tree whose successor has not
/// been looked at yet, and whether a tree that surely is a game has opened since the scan
/// began.
#[derive(Default)]
struct SgfScan {
    at: usize,
    depth: u32,
    in_value: bool,
    escaped: bool,
    tree_end: Option<usize>,
    seen_game: bool,
}

/// Bytes the scan must look at outside values (`[`, `(`, `)`) and inside them (`]`, `\`);
/// every other byte is passed over by one table lookup.
static SGF_SCAN_STOPS: [bool; 256] = {
    let mut stops = [false; 256];
    let mut k = 0;
    let special = *b"[()]\\";
    while k < special.len() {
        stops[special[k] as usize] = true;
        k += 1;
    }
    stops
};

impl SgfScan {
    /// The cut after the first top-level tree that ends at or after `min`: the `(` of the
    /// next tree, once it has arrived and shows a property ([`holds_a_property`]), and
    /// only once a tree that surely is a game stands before the cut. The reader then
    /// reads each side of the cut as it reads the whole: every text between two trees is
    /// on the side of the tree before it, and every piece after the first opens with a
    /// game. The scan resumes where it stopped when called again with more text.
    fn find(&mut self, text: &str, min: usize) -> Option<usize> {
        let bytes = text.as_bytes();
        loop {
            if self.tree_end.is_none() {
                self.tree_end = self.scan(bytes, min);
            }
            let end = self.tree_end?;
            let open = end + memchr::memchr(b'(', &bytes[end..])?;
            if holds_a_property(bytes, open)? && self.seen_game {
                *self = SgfScan::default();
                return Some(open);
            }
            // Not a cut: that tree is scanned like any other.
            self.tree_end = None;
        }
    }

    /// The end of the first top-level tree that closes at or after `min`. Between trees
    /// only a `(` counts, as for the reader, which looks for the next tree's `(` alone.
    fn scan(&mut self, bytes: &[u8], min: usize) -> Option<usize> {
        // Locals rather than fields in the loop, so that they stay in registers.
        let (mut at, mut depth) = (self.at, self.depth);
        let (mut in_value, mut escaped) = (self.in_value, self.escaped);
        let mut found = None;
        while let Some(&byte) = bytes.get(at) {
            at += 1;
            if escaped {
                escaped = false;
                continue;
            }
            if !SGF_SCAN_STOPS[usize::from(byte)] {
                continue;
            }
            if in_value {
                match byte {
                    b'\\' => escaped = true,
                    b']' => in_value = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'(' => {
                    if depth == 0 && holds_a_property(bytes, at - 1) == Some(true) {
                        self.seen_game = true;
                    }
                    depth += 1;
                }
                _ if depth == 0 => {}
                b'[' => in_value = true,
                b')' => {
                    depth -= 1;
                    if depth == 0 && at >= min {
                        found = Some(at);
                        break;
                    }
                }
                _ => {}
            }
        }
        (self.at, self.depth, self.in_value, self.escaped) = (at, depth, in_value, escaped);
        found
    }
}

/// The stream's cut of SGF text.
#[derive(Default)]
pub(super) struct SgfCut(SgfScan);

impl RecordCut for SgfCut {
    /// Finding a tree's end costs a scan of every byte, so SGF pieces are one block of
    /// the block reader, which then reads them without scanning again.
    fn lengths(&self) -> (usize, usize) {
        (BLOCK, BLOCK)
    }

    fn find(&mut self, text: &str, min: usize) -> Option<usize> {
        self.0.find(text, min)
    }

    /// A game tree right after the `)` of another, with only white space between, as
    /// the games of a collection follow each other: its first node opens with a root or
    /// game-information property (`GM`, `FF`, `SZ`, `PB`, …), which tells it from a
    /// variation (whose nodes open with a move, setup or a comment). (A variation that
    /// opens with game information, or a value quoting SGF games, could show the same;
    /// `find`, which scans from a tree's start, is not misled by them.)
    fn opens_at(&self, text: &str, at: usize) -> Option<bool> {
        let bytes = text.as_bytes();
        if bytes.get(at) != Some(&b'(') {
            return Some(false);
        }
        let before = &bytes[at.saturating_sub(OPENS_AT_LOOKBACK)..at];
        let after_tree = before.iter().rev().find(|b| !is_space(**b)) == Some(&b')');
        if !after_tree || !holds_a_property(bytes, at)? {
            return Some(false);
        }
        let mut rest = &bytes[at + 1..];
        rest = &rest[rest.iter().take_while(|b| is_space(**b)).count()..];
        let Some(rest) = rest.strip_prefix(b";") else {
            return Some(false);
        };
        let rest = &rest[rest.iter().take_while(|b| is_space(**b)).count()..];
        let ident: Vec<u8> = rest
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .copied()
            .collect();
        Some(GAME_OPENINGS.contains(&ident.as_slice()))
    }
}

/// White space for the SGF reader, in ASCII: every byte that is not graphic.
fn is_space(byte: u8) -> bool {
    byte.is_ascii() && !byte.is_ascii_graphic()
}

/// The root properties (FF[4]) and the game-information properties, one of which opens
/// the first node of a game tree in the collections archives write.
const GAME_OPENINGS: [&[u8]; 29] = [
    b"AP", b"CA", b"FF", b"GM", b"ST", b"SZ", b"AN", b"BR", b"BT", b"CP", b"DT", b"EV", b"GN",
    b"GC", b"ON", b"OT", b"PB", b"PC", b"PW", b"RE", b"RO", b"RU", b"SO", b"TM", b"US", b"WR",
    b"WT", b"HA", b"KM",
];

/// Where an SGF game tree starts: `(`, white space, `;`, then a property identifier and
/// `[`. Legacy files may put any text before it. The bytes looked for are ASCII and never
/// trail bytes of GBK, Big5 or Shift_JIS, so this works on undecoded bytes too. (Where to
/// cut between trees is [`holds_a_property`]'s question, which differs.)
pub(super) fn tree_start(bytes: &[u8]) -> Option<usize> {
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
