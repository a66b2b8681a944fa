//! The corrections of each node, in document order: identifiers, repeats, values, root
//! properties, annotations and markup, then the splits, the setup replayed on a board, and
//! game information.

use std::collections::{HashMap, HashSet};

use super::board::Replay;
use super::{
    values, written, Fixer, Model, Prop, ANNOTATION, GAME_INFO, LONG_IDENTIFIER, MARKUP,
    MOVE_OUT_OF_ROOT, OLD_PROPERTY, REPEATED_PROPERTY, ROOT_PROPERTY, SETUP_AND_MOVE, TWO_MOVES,
};
use crate::go::properties::{
    holds_one_value, is_game_info, is_joined_text, is_list, is_markup, is_move_annotation,
    is_position_annotation, is_root_only, is_setup,
};
use crate::go::sgf::{Point, Value};

/// Properties that go with a move: those a move out of the root takes along, and those
/// that stay with it when setup is split off (SGFC's move type).
fn goes_with_move(ident: &str) -> bool {
    matches!(
        ident,
        "B" | "W" | "BL" | "WL" | "OB" | "OW" | "BM" | "TE" | "DO" | "IT" | "KO" | "MN"
    )
}

/// Every node corrected, in document order, with the board replayed along each path.
pub(super) fn walk(fixer: &mut Fixer, model: &mut Model) {
    let mut replay: Option<Replay> = None;
    // (node, the board's undo mark of its parent, the node above that holds game information)
    let mut stack: Vec<(usize, usize, Option<usize>)> = vec![(0, 0, None)];
    while let Some((id, mark, above)) = stack.pop() {
        if let Some(replay) = replay.as_mut() {
            replay.undo_to(mark);
        }
        fix_node(fixer, model, id);
        if id == 0 {
            replay = fixer.go.then(|| Replay::new(fixer.size)).flatten();
            move_out_of_root(fixer, model);
        } else {
            split_setup_and_move(fixer, model, id);
            split_moves(fixer, model, id);
        }
        if let Some(replay) = replay.as_mut() {
            replay.setup(fixer, &mut model.nodes[id].props);
            replay.play(&model.nodes[id].props);
        }
        let above = game_info(fixer, model, id, above);
        let mark = replay.as_ref().map_or(0, Replay::mark);
        let children = &model.nodes[id].children;
        stack.extend(children.iter().rev().map(|&child| (child, mark, above)));
    }
}

/// The corrections inside one node. Run again on a node split off another, it finds
/// nothing more to correct.
fn fix_node(fixer: &mut Fixer, model: &mut Model, id: usize) {
    let root = id == 0;
    let props = &mut model.nodes[id].props;
    identifiers(fixer, props);
    merge_repeats(fixer, props);
    if root {
        values::root_values(fixer, props);
    }
    props.retain_mut(|prop| values::repair(fixer, prop));
    if !root {
        props.retain(|prop| {
            if !is_root_only(&prop.ident) {
                return true;
            }
            let to = "left out: a root property means nothing outside the root".to_string();
            fixer.lose(ROOT_PROPERTY, prop.written(), to);
            false
        });
    }
    annotations(fixer, props);
    if fixer.go {
        markup(fixer, props);
    }
}

/// An identifier over 100 letters is dropped; `L`, `M` and `KI` are written as `LB`, `MA`
/// and `KM`.
fn identifiers(fixer: &mut Fixer, props: &mut Vec<Prop>) {
    let has_km = props.iter().any(|p| p.ident == "KM");
    props.retain_mut(|prop| {
        if prop.ident.len() > 100 {
            let to = "left out: an identifier over 100 letters".to_string();
            fixer.lose(LONG_IDENTIFIER, prop.written(), to);
            return false;
        }
        let from = prop.written();
        match prop.ident.as_str() {
            "L" => {
                prop.ident = "LB".to_string();
                for (i, value) in prop.values.iter_mut().enumerate() {
                    *value = format!("{value}:{}", label(i));
                }
            }
            "M" => prop.ident = "MA".to_string(),
            "KI" => {
                let ki = prop
                    .values
                    .first()
                    .and_then(|v| v.trim().parse::<i64>().ok());
                match ki {
                    Some(ki) if !has_km => {
                        let km = if ki % 2 == 0 {
                            (ki / 2).to_string()
                        } else {
                            format!("{}.5", ki / 2)
                        };
                        *prop = Prop::new("KM", vec![km]);
                    }
                    _ => {
                        let to = "left out, as KM is given".to_string();
                        fixer.note(OLD_PROPERTY, from, to);
                        return false;
                    }
                }
            }
            _ => return true,
        }
        fixer.note(OLD_PROPERTY, from, prop.written());
        true
    });
}

/// The label of the `i`-th point of an `L` property: `a` to `z`, then `aa`, `ab`, …
fn label(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

/// A property repeated in the node is written once: the same values once, lists (and
/// properties unknown to `FF[4]`) merged, texts joined; of different values of a property
/// that holds one, the first is kept. Different moves stay, for [`split_moves`].
fn merge_repeats(fixer: &mut Fixer, props: &mut Vec<Prop>) {
    // Most nodes hold a handful of properties and no repeat: that is cheap to see.
    let small = props.len() <= 8;
    let repeats = if small {
        let repeat = |(i, p): (usize, &Prop)| props[..i].iter().any(|q| q.ident == p.ident);
        props.iter().enumerate().any(repeat)
    } else {
        let mut seen = HashSet::new();
        !props.iter().all(|p| seen.insert(p.ident.as_str()))
    };
    if !repeats {
        return;
    }
    let mut merged: Vec<Prop> = Vec::with_capacity(props.len());
    // The first occurrence of each identifier in `merged`, so that a node of many
    // properties is merged in linear time.
    let mut first_at: HashMap<String, usize> = HashMap::new();
    for prop in props.drain(..) {
        let Some(&at) = first_at.get(&prop.ident) else {
            first_at.insert(prop.ident.clone(), merged.len());
            merged.push(prop);
            continue;
        };
        let first = &mut merged[at];
        let ident = prop.ident.as_str();
        if matches!(ident, "B" | "W") && first.values != prop.values {
            merged.push(prop);
            continue;
        }
        let from = format!("{}{}", first.written(), prop.written());
        let lost = if first.values == prop.values {
            false
        } else if is_list(ident) || !holds_one_value(ident) {
            first.values.extend(prop.values);
            false
        } else if is_joined_text(ident) {
            let text = first.values.iter().chain(&prop.values).cloned();
            first.values = vec![text.collect::<Vec<_>>().join("\n")];
            false
        } else {
            true
        };
        fixer.push(REPEATED_PROPERTY, from, first.written(), lost);
    }
    *props = merged;
}

/// A second position judgement is dropped; `BM` then `TE` is `DO`, `TE` then `BM` is `IT`,
/// another second move judgement is dropped; a move judgement without a move is dropped.
fn annotations(fixer: &mut Fixer, props: &mut Vec<Prop>) {
    let mut position: Option<String> = None;
    let mut judgement: Option<usize> = None;
    let has_move = props.iter().any(|p| matches!(p.ident.as_str(), "B" | "W"));
    let mut keep = vec![true; props.len()];
    for i in 0..props.len() {
        let ident = props[i].ident.clone();
        if is_position_annotation(&ident) {
            match &position {
                None => position = Some(ident),
                Some(first) => {
                    let to = format!("left out: it contradicts {first}");
                    fixer.lose(ANNOTATION, props[i].written(), to);
                    keep[i] = false;
                }
            }
        } else if is_move_annotation(&ident) {
            if !has_move {
                let to = "left out: no move in the node".to_string();
                fixer.lose(ANNOTATION, props[i].written(), to);
                keep[i] = false;
                continue;
            }
            let Some(f) = judgement else {
                judgement = Some(i);
                continue;
            };
            let both = match (props[f].ident.as_str(), ident.as_str()) {
                ("BM", "TE") => Some("DO"),
                ("TE", "BM") => Some("IT"),
                _ => None,
            };
            let from = format!("{}{}", props[f].written(), props[i].written());
            keep[i] = false;
            match both {
                Some(both) => {
                    props[f] = Prop::new(both, vec![String::new()]);
                    fixer.note(ANNOTATION, from, props[f].written());
                }
                None => {
                    let to = format!("{} (the second left out)", props[f].written());
                    fixer.lose(ANNOTATION, from, to);
                }
            }
        }
    }
    let mut keep = keep.into_iter();
    props.retain(|_| keep.next().unwrap_or(true));
}

/// A point marked twice in the node (by `CR`, `MA`, `SL`, `SQ`, `TR`) keeps its first mark.
fn markup(fixer: &mut Fixer, props: &mut Vec<Prop>) {
    let size = fixer.size;
    let mut marked: HashSet<Point> = HashSet::new();
    props.retain_mut(|prop| {
        if !is_markup(&prop.ident) {
            return true;
        }
        let from = prop.written();
        if !keep_points(prop, size, |p| marked.insert(p)) {
            return true;
        }
        let to = if prop.values.is_empty() {
            "left out: its points are marked already".to_string()
        } else {
            prop.written()
        };
        fixer.note(MARKUP, from, to);
        !prop.values.is_empty()
    });
}

/// Keeps the points of `prop` that `keep` accepts, in order; a rectangle with a point left
/// out is written point by point. Whether anything was left out.
pub(super) fn keep_points(
    prop: &mut Prop,
    size: crate::go::sgf::BoardSize,
    mut keep: impl FnMut(Point) -> bool,
) -> bool {
    let mut changed = false;
    let mut values = Vec::with_capacity(prop.values.len());
    for raw in &prop.values {
        let value = Value { raw, span: 0..0 };
        let Ok(points) = value.points(size) else {
            values.push(raw.clone());
            continue;
        };
        let kept: Vec<Point> = points.iter().copied().filter(|&p| keep(p)).collect();
        if kept.len() == points.len() {
            values.push(raw.clone());
            continue;
        }
        changed = true;
        values.extend(
            kept.iter()
                .filter_map(|p| p.to_sgf())
                .map(|c| c.iter().collect::<String>()),
        );
    }
    prop.values = values;
    changed
}

/// The node as written: `;B[aa]C[x]`.
fn node_written(props: &[Prop]) -> String {
    let mut text = ";".to_string();
    for prop in props {
        text.push_str(&prop.written());
    }
    text
}

/// A move in the root node goes to a node of its own after it, with what goes with it.
fn move_out_of_root(fixer: &mut Fixer, model: &mut Model) {
    let root = &mut model.nodes[0];
    if !root.has_move() {
        return;
    }
    let (moved, kept): (Vec<Prop>, Vec<Prop>) = std::mem::take(&mut root.props)
        .into_iter()
        .partition(|p| goes_with_move(&p.ident));
    root.props = kept;
    let from: String = moved
        .iter()
        .filter(|p| matches!(p.ident.as_str(), "B" | "W"))
        .map(Prop::written)
        .collect();
    fixer.note(
        MOVE_OUT_OF_ROOT,
        from,
        "a node of its own after the root".to_string(),
    );
    model.split(0, moved);
}

/// A node with setup and a move is split: setup (with game information, root properties
/// and `N`) first, then the move with the rest. A lone `PL` beside a move is dropped.
fn split_setup_and_move(fixer: &mut Fixer, model: &mut Model, id: usize) {
    let node = &mut model.nodes[id];
    let setup = node.props.iter().filter(|p| is_setup(&p.ident)).count();
    if setup == 0 || !node.has_move() {
        return;
    }
    if setup == 1 && node.has("PL") {
        let at = node.props.iter().position(|p| p.ident == "PL");
        if let Some(at) = at {
            let pl = node.props.remove(at);
            let to = "left out: a move says who played".to_string();
            fixer.lose(SETUP_AND_MOVE, pl.written(), to);
        }
        return;
    }
    let from = node_written(&node.props);
    let (first, second): (Vec<Prop>, Vec<Prop>) =
        std::mem::take(&mut node.props).into_iter().partition(|p| {
            let ident = p.ident.as_str();
            is_setup(ident) || is_game_info(ident) || is_root_only(ident) || ident == "N"
        });
    let to = format!(
        "two nodes, {} then {}",
        node_written(&first),
        node_written(&second)
    );
    node.props = first;
    fixer.note(SETUP_AND_MOVE, from, to);
    model.split(id, second);
}

/// A node with two moves is split: the moves after the first go to a node of their own
/// after it (which is split again if it holds more than one).
fn split_moves(fixer: &mut Fixer, model: &mut Model, id: usize) {
    let node = &mut model.nodes[id];
    let is_move = |p: &Prop| matches!(p.ident.as_str(), "B" | "W");
    if node.props.iter().filter(|p| is_move(p)).count() < 2 {
        return;
    }
    let from = node_written(&node.props);
    let first = node.props.iter().position(is_move).unwrap_or(0);
    let mut moved = Vec::new();
    let mut i = 0;
    node.props.retain(|p| {
        i += 1;
        if i - 1 > first && is_move(p) {
            moved.push(p.clone());
            return false;
        }
        true
    });
    let to = format!(
        "two nodes, {} then {}",
        node_written(&node.props),
        node_written(&moved)
    );
    fixer.note(TWO_MOVES, from, to);
    model.split(id, moved);
}

/// Game information below the node that holds the game's goes up to that node, or is
/// dropped where that node holds the property already. The node that holds the game
/// information of what follows.
fn game_info(
    fixer: &mut Fixer,
    model: &mut Model,
    id: usize,
    above: Option<usize>,
) -> Option<usize> {
    if !model.nodes[id].props.iter().any(|p| is_game_info(&p.ident)) {
        return above;
    }
    let Some(info) = above else {
        return Some(id);
    };
    let (moved, kept): (Vec<Prop>, Vec<Prop>) = std::mem::take(&mut model.nodes[id].props)
        .into_iter()
        .partition(|p| is_game_info(&p.ident));
    model.nodes[id].props = kept;
    for prop in moved {
        let target = &mut model.nodes[info];
        match target.props.iter().find(|p| p.ident == prop.ident) {
            Some(there) => {
                let to = format!("left out: the game's information has {}", there.written());
                let lost = there.values != prop.values;
                fixer.push(GAME_INFO, prop.written(), to, lost);
            }
            None => {
                let to = format!(
                    "{} moved to the node that holds the game's information",
                    written(&prop.ident, &prop.values)
                );
                fixer.note(GAME_INFO, prop.written(), to);
                target.props.push(prop);
            }
        }
    }
    above
}
