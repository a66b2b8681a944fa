//! Reshaping a Go record (`convert --strip`, `--ply-limit`): the game tree, which SGF is
//! written from, and the family-neutral record beside it, which JSON and text are written
//! from. The tree holds more than the record (markup, annotations, every property), so what
//! was removed is counted on the tree.
//!
//! The tree is written as SGF text without what goes and read again, as `--fix` makes its
//! corrected tree: the writer then writes it as any other. In the tree:
//!
//! - comments are `C` and `N` (the node's name); `GC` is game information and stays;
//! - NAGs are the move annotations `BM` `DO` `IT` `TE` and the position judgements `GB`
//!   `GW` `DM` `UC` `HO` `V`;
//! - markup is `AR` `CR` `DD` `LB` `LN` `MA` `SL` `SQ` `TR`, and the `L` and `M` of
//!   `FF[3]`; `TB`, `TW` (territory) and `VW` (the view) are not markup;
//! - unknown is every identifier `FF[4]` does not define (private ones, `FF[3]`'s), save,
//!   with `--fix`, those `--fix` rewrites as `FF[4]` ones (`KI`, `L`);
//! - a variation is every child but the first;
//! - with a ply limit, a node goes when the moves on its path, its own included, pass the
//!   limit; a node left empty by stripping goes too when nothing follows it and it is not
//!   the main line's continuation beside variations.
//!
//! The main line from the move the replay stopped at is the unreplayed rest, kept as
//! written: nothing of its nodes is stripped, and a ply limit beyond the replayed moves
//! keeps it whole. Only its variations go with `--strip variations`.

use super::properties::old_property;
use super::sgf::{self, GameTree, NodeId, NodeRef, Property};
use super::GoRecord;
use crate::shape::{reshape_record, Shape, Strip, Stripped};

/// Reshapes `record` as `shape` asks; `fix`: the record is written with `--fix`.
pub(super) fn reshape(record: &mut GoRecord, shape: &Shape, fix: bool) -> Stripped {
    if !shape.reshapes() {
        return Stripped::default();
    }
    let cut = shape.main_line_cut(record.moves.len(), record.unreplayed.is_some());
    let kept_rest = record.extra.unreplayed_from.filter(|_| cut.is_none());
    let tree = reshape_tree(&record.extra.tree, shape, kept_rest, fix);
    // The tree's counts are the record's: it holds all the record does, and more.
    reshape_record(record, shape, |_| true, ("RE", "?"));
    let kept = &mut record.extra;
    if let Some((reshaped, rest_at)) = tree.reshaped {
        kept.tree = reshaped;
        kept.unreplayed_from = rest_at.and_then(|at| kept.tree.nodes().nth(at).map(|n| n.id()));
    }
    if shape.strips(Strip::Variations) {
        kept.variations_cut = false;
    }
    if shape.strips(Strip::Comments) {
        kept.comments_lost = false;
    }
    tree.stripped
}

/// A tree reshaped: the new tree and where in it (its node's index) the unreplayed rest
/// begins, unless nothing changed; and what went.
struct Reshaped {
    reshaped: Option<(GameTree, Option<usize>)>,
    stripped: Stripped,
}

/// Why a node of the tree is not kept.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gone {
    /// Beyond the ply limit, or below a node that is.
    PastLimit,
    /// A variation, or inside one.
    Variation,
    /// Left empty by stripping, with nothing after it.
    Emptied,
}

fn reshape_tree(tree: &GameTree, shape: &Shape, kept_rest: Option<NodeId>, fix: bool) -> Reshaped {
    let count = tree.len();
    let mut stripped = Stripped::default();
    let mut moves_through = vec![0usize; count];
    let mut protected = vec![false; count];
    let mut gone: Vec<Option<Gone>> = vec![None; count];
    let mut main = vec![false; count];
    for node in tree.main_line() {
        main[node.id().index()] = true;
    }
    // Kept properties of each kept node, and whether stripping emptied it.
    let mut kept: Vec<Vec<Property<'_>>> = vec![Vec::new(); count];
    let mut emptied = vec![false; count];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut parents: Vec<Option<usize>> = vec![None; count];
    let mut changed = false;
    for node in tree.nodes() {
        let at = node.id().index();
        let moves = usize::from(is_move(node));
        let parent = node.parent().map(|p| p.id().index());
        parents[at] = parent;
        moves_through[at] = parent.map_or(0, |p| moves_through[p]) + moves;
        protected[at] = Some(node.id()) == kept_rest || parent.is_some_and(|p| protected[p]);
        let first = node
            .parent()
            .and_then(|p| p.first_child())
            .is_some_and(|c| c.id() == node.id());
        gone[at] = match parent {
            None => None,
            Some(p) => match gone[p] {
                Some(Gone::PastLimit) => Some(Gone::PastLimit),
                Some(_) => Some(Gone::Variation),
                None if !protected[at]
                    && shape
                        .ply_limit
                        .is_some_and(|limit| moves_through[at] > limit) =>
                {
                    Some(Gone::PastLimit)
                }
                None if !first && shape.strips(Strip::Variations) => Some(Gone::Variation),
                None => None,
            },
        };
        match gone[at] {
            Some(Gone::PastLimit) => {
                changed = true;
                if main[at] && moves > 0 {
                    stripped.plies += 1;
                }
                continue;
            }
            Some(_) => {
                changed = true;
                if !first {
                    stripped.variations += 1;
                }
                continue;
            }
            None => {}
        }
        if let Some(p) = parent {
            children[p].push(at);
        }
        for prop in node.properties() {
            let what = if protected[at] {
                None
            } else {
                stripped_as(prop.ident(), shape, fix)
            };
            match what {
                None => kept[at].push(prop),
                Some(what) => {
                    changed = true;
                    *counter(&mut stripped, what) += 1;
                }
            }
        }
        emptied[at] = kept[at].is_empty() && node.properties().len() > 0;
    }
    // Children come after their parent in the arena: backwards, a node's fate is known
    // before its parent's.
    for at in (1..count).rev() {
        if gone[at].is_some() || !emptied[at] || children[at].iter().any(|&c| gone[c].is_none()) {
            continue;
        }
        let Some(parent) = parents[at] else {
            continue;
        };
        let siblings: Vec<usize> = children[parent]
            .iter()
            .copied()
            .filter(|&c| gone[c].is_none())
            .collect();
        if siblings.len() == 1 || siblings.first() != Some(&at) {
            gone[at] = Some(Gone::Emptied);
        }
    }
    let cut = stripped.plies > 0;
    if cut {
        stripped.cut = 1;
    }
    if !changed {
        return Reshaped {
            reshaped: None,
            stripped,
        };
    }
    let written = Written {
        kept: &kept,
        children: &children,
        gone: &gone,
        main: &main,
        cut,
    };
    let (text, rest_at) = written.sgf(kept_rest.map(|id| id.index()));
    let reshaped = sgf::parse(&text).games.into_iter().next();
    Reshaped {
        reshaped: reshaped.map(|tree| (tree, rest_at)),
        stripped,
    }
}

fn is_move(node: NodeRef<'_>) -> bool {
    node.properties().any(|p| matches!(p.ident(), "B" | "W"))
}

fn counter(stripped: &mut Stripped, what: Strip) -> &mut usize {
    match what {
        Strip::Comments => &mut stripped.comments,
        Strip::Nags => &mut stripped.nags,
        Strip::Variations => &mut stripped.variations,
        Strip::Markup => &mut stripped.markup,
        Strip::Unknown => &mut stripped.unknown_properties,
    }
}

/// What a property `ident` is stripped as, if `shape` strips it.
fn stripped_as(ident: &str, shape: &Shape, fix: bool) -> Option<Strip> {
    let class = match ident {
        "C" | "N" => Some(Strip::Comments),
        "BM" | "DO" | "IT" | "TE" | "GB" | "GW" | "DM" | "UC" | "HO" | "V" => Some(Strip::Nags),
        "AR" | "CR" | "DD" | "LB" | "LN" | "MA" | "SL" | "SQ" | "TR" | "L" | "M" => {
            Some(Strip::Markup)
        }
        _ => None,
    };
    if let Some(class) = class.filter(|class| shape.strips(*class)) {
        return Some(class);
    }
    let rewritten_by_fix = fix && matches!(old_property(ident), Some(Some(_)));
    (shape.strips(Strip::Unknown) && !is_ff4(ident) && !rewritten_by_fix).then_some(Strip::Unknown)
}

/// Whether `FF[4]` defines `ident`: for every game, or for Go (`GM[1]`).
fn is_ff4(ident: &str) -> bool {
    matches!(
        ident,
        // Moves, setup, annotations, markup, root, game information, timing, the rest.
        "B" | "KO" | "MN" | "W"
            | "AB" | "AE" | "AW" | "PL"
            | "C" | "DM" | "GB" | "GW" | "HO" | "N" | "UC" | "V"
            | "BM" | "DO" | "IT" | "TE"
            | "AR" | "CR" | "DD" | "LB" | "LN" | "MA" | "SL" | "SQ" | "TR"
            | "AP" | "CA" | "FF" | "GM" | "ST" | "SZ"
            | "AN" | "BR" | "BT" | "CP" | "DT" | "EV" | "GN" | "GC" | "ON" | "OT" | "PB" | "PC"
            | "PW" | "RE" | "RO" | "RU" | "SO" | "TM" | "US" | "WR" | "WT"
            | "BL" | "OB" | "OW" | "WL"
            | "FG" | "PM" | "VW"
            // Go's own.
            | "HA" | "KM" | "TB" | "TW"
    )
}

/// The kept part of a tree, to write as SGF text.
struct Written<'a, 't> {
    kept: &'a [Vec<Property<'t>>],
    children: &'a [Vec<usize>],
    gone: &'a [Option<Gone>],
    main: &'a [bool],
    /// The main line was cut: its result is unknown.
    cut: bool,
}

impl Written<'_, '_> {
    /// The SGF text, and the index in it of the node `at` of the old tree (nodes are
    /// written in document order, as the reader numbers them), with an explicit stack.
    fn sgf(&self, at: Option<usize>) -> (String, Option<usize>) {
        let mut written = 0;
        let mut found = None;
        let out = super::sgf_writer::tree_text(
            |id, out| {
                if Some(id) == at {
                    found = Some(written);
                }
                written += 1;
                self.node(id, out);
            },
            |id, children| {
                let kept = self.children[id].iter().copied();
                children.extend(kept.filter(|&c| self.gone[c].is_none()));
            },
        );
        (out, found)
    }

    fn node(&self, id: usize, out: &mut String) {
        out.push(';');
        for prop in &self.kept[id] {
            let ident = prop.ident();
            out.push_str(ident);
            if self.cut && self.main[id] && ident == "RE" {
                // FF[4]'s unknown result.
                out.push_str("[?]");
                continue;
            }
            for value in prop.values() {
                out.push('[');
                out.push_str(closed(value.raw));
                out.push(']');
            }
        }
    }
}

/// A raw value that ran to the end of the text may end in a lone `\`, which would escape
/// the `]` written after it; the reader drops it.
fn closed(raw: &str) -> &str {
    let trailing = raw.len() - raw.trim_end_matches('\\').len();
    if trailing % 2 == 1 {
        &raw[..raw.len() - 1]
    } else {
        raw
    }
}
