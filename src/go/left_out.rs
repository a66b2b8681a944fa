//! What a Go record holds that a conversion cannot carry, so that `convert` can name it.
//!
//! JSON has the game-info tags of the main line, the root setup as `start`, the moves of
//! every line with their comments, and the unreplayed rest of the main line as written;
//! everything else in the tree is named here. SGF output is written from the tree itself,
//! so it loses only text outside the tree that cannot be written back.

use super::properties::GAME_INFO;
use super::sgf::NodeRef;
use super::{outside_is_writable, GoRecord};
use crate::record::Format;
use crate::write::LeftOut;

/// Board markup, shown on the board rather than played.
const MARKUP: [&str; 12] = [
    "MA", "TR", "CR", "SQ", "LB", "AR", "LN", "SL", "DD", "TB", "TW", "VW",
];

/// Move and position annotations.
const ANNOTATIONS: [&str; 10] = ["TE", "BM", "DO", "IT", "GB", "GW", "DM", "UC", "HO", "V"];

/// Properties of the record's form, which every writer replaces (`FF`, `CA`) or implies
/// (`GM[1]`, `SZ` is a tag).
const FORM: [&str; 3] = ["FF", "CA", "GM"];

/// What of `record` a conversion to `format` cannot carry, unsorted.
pub fn left_out(record: &GoRecord, format: Format) -> Vec<LeftOut> {
    // What an archive format said that no SGF property holds is lost to every format.
    let kept = &record.extra;
    let mut left_out: Vec<LeftOut> = kept
        .unread
        .iter()
        .cloned()
        .map(LeftOut::SourceField)
        .collect();
    let mut outside = [kept.before.as_deref(), kept.after.as_deref()]
        .into_iter()
        .flatten();
    match format {
        super::SGF => {
            if outside.any(|text| !outside_is_writable(text)) {
                left_out.push(LeftOut::TextOutsideRecords);
            }
        }
        _ => {
            if outside.next().is_some() {
                left_out.push(LeftOut::TextOutsideRecords);
            }
            if kept.variations_cut {
                left_out.push(LeftOut::Variations);
            }
            if kept.comments_lost {
                left_out.push(LeftOut::Comments);
            }
            properties_without_a_place(record, &mut left_out);
        }
    }
    left_out
}

/// The properties of the tree that the JSON record has no field for.
fn properties_without_a_place(record: &GoRecord, left_out: &mut Vec<LeftOut>) {
    let tree = &record.extra.tree;
    // Main-line nodes, whose game info becomes tags (the first value of each).
    let main: Vec<usize> = tree.main_line().map(|n| n.id().index()).collect();
    // From here on the main line is kept as written, every property with it.
    let unreplayed = record
        .extra
        .unreplayed_from
        .and_then(|id| main.iter().position(|&n| n == id.index()))
        .map_or(&[][..], |at| &main[at..]);
    let mut tagged: Vec<&str> = Vec::new();
    for node in tree.nodes() {
        let on_main = main.binary_search(&node.id().index()).is_ok();
        if unreplayed.binary_search(&node.id().index()).is_ok() {
            continue;
        }
        for prop in node.properties() {
            let ident = prop.ident();
            let item = match ident {
                "B" | "W" | "C" => continue,
                _ if FORM.contains(&ident) => continue,
                _ if MARKUP.contains(&ident) => LeftOut::Markup,
                _ if ANNOTATIONS.contains(&ident) => LeftOut::Annotations,
                "N" => LeftOut::NodeNames,
                "AB" | "AW" | "AE" if node.is_root() => continue,
                "PL" if !node.is_root() => LeftOut::Property(ident.to_string()),
                _ if GAME_INFO.contains(&ident) => {
                    // A tag is the first value on the main line; any other is lost.
                    let one_value = prop.values().len() == 1;
                    if on_main && one_value && !tagged.contains(&ident) && !repeated_in(node, ident)
                    {
                        tagged.push(ident);
                        continue;
                    }
                    LeftOut::Tag(ident.to_string())
                }
                _ => LeftOut::Property(ident.to_string()),
            };
            left_out.push(item);
        }
    }
}

/// Whether `node` holds `ident` more than once with different values (all but the first
/// are lost; a repeated `GC` is joined into one tag).
fn repeated_in(node: NodeRef<'_>, ident: &str) -> bool {
    if ident == "GC" {
        return false;
    }
    let mut values = node
        .properties()
        .filter(|p| p.ident() == ident)
        .map(|p| p.values().map(|v| v.raw).collect::<Vec<_>>());
    let first = values.next();
    values.any(|v| Some(&v) != first.as_ref())
}
