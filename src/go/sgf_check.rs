//! Structural checks of a parsed SGF game tree, in the spirit of SGFC: property placement,
//! duplicates and value types. Replaying the moves is the rules engine's job.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::diag::Severity;
use crate::go::properties::{
    check_value, is_date_list, is_game_info, is_move_annotation, is_position_annotation, is_result,
    old_property, repeat, Class, Code, Kind, Repeat, Traits,
};
use crate::go::sgf::grammar::{is_space, letter_coordinate};
use crate::go::sgf::{real_parts, BoardSize, GameTree, NodeRef, Point, Property, Value};
use crate::go::sgf_issue::SgfIssue;

/// `CA` of `tree` when it names another charset than `declared`, the file's first tree's
/// (labels compared as the encodings they name; unknown ones as written).
pub fn other_charset(tree: &GameTree, declared: &str) -> Option<SgfIssue> {
    let value = tree.root().get_code(Code::CA)?.value()?;
    // Nearly always the label of the first tree itself, or one written alike.
    if value.raw.trim().eq_ignore_ascii_case(declared.trim()) {
        return None;
    }
    let written = value.simple_text();
    let written = written.trim();
    let same = match (
        crate::text::encoding_for_label(written),
        crate::text::encoding_for_label(declared),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => written.eq_ignore_ascii_case(declared.trim()),
    };
    (!same).then(|| SgfIssue::OtherCharset {
        written: written.to_string(),
        declared: declared.to_string(),
        span: value.span,
    })
}

/// Longest merged property quoted in a help line.
const QUOTE: usize = 60;

/// `ident` with `values` as written (`AB[pd][dp]`).
fn written<'v>(ident: &str, values: impl Iterator<Item = &'v str>) -> String {
    let mut text = ident.to_owned();
    for value in values {
        text.push('[');
        text.push_str(value);
        text.push(']');
    }
    text
}

/// The repeats of every property of `node`: one issue per later occurrence.
fn check_repeats(node: NodeRef<'_>, issues: &mut Vec<SgfIssue>) {
    // Nodes hold a handful of properties and nearly never a repeat: one scan finds out.
    if !node.repeats_a_property() {
        return;
    }
    let props: Vec<Property<'_>> = node.properties().collect();
    for (position, prop) in props.iter().enumerate() {
        let ident = prop.ident();
        // Each identifier once, at its first occurrence.
        if props[..position].iter().any(|p| p.ident() == ident) {
            continue;
        }
        let occurrences: Vec<Property<'_>> = props[position..]
            .iter()
            .filter(|p| p.ident() == ident)
            .copied()
            .collect();
        if occurrences.len() < 2 {
            continue;
        }
        let repeat = repeat(&occurrences);
        let everything: Vec<String> = occurrences
            .iter()
            .map(|p| written(ident, p.values().map(|v| v.raw)))
            .collect();
        let merged = match repeat {
            Repeat::Identical => written(ident, prop.values().map(|v| v.raw)),
            Repeat::Merged => written(
                ident,
                occurrences.iter().flat_map(|p| p.values()).map(|v| v.raw),
            ),
            Repeat::Collected => everything.join(" or "),
            Repeat::Joined | Repeat::Conflict => String::new(),
        };
        let merged = if merged.chars().count() > QUOTE {
            let cut: String = merged.chars().take(QUOTE).collect();
            format!("{cut}…")
        } else {
            merged
        };
        for later in &occurrences[1..] {
            issues.push(match repeat {
                Repeat::Conflict => SgfIssue::DuplicateProperty {
                    ident: ident.to_owned(),
                    span: later.span(),
                    first: prop.span(),
                    written: everything.clone(),
                },
                _ => SgfIssue::MergedProperty {
                    ident: ident.to_owned(),
                    repeat,
                    merged: merged.clone(),
                    span: later.span(),
                    first: prop.span(),
                },
            });
        }
    }
}

/// What every node's checks need to know of the tree.
#[derive(Clone, Copy)]
struct Context {
    size: BoardSize,
    /// The file format the root states (`FF`), if it states one.
    format: Option<i64>,
}

/// Runs every check over every node of `tree`; findings come in document order (the
/// root's file format and board first, game information in two nodes last).
pub fn check(tree: &GameTree) -> Vec<SgfIssue> {
    let root = tree.root();
    // By code: the root holds many properties, each compared in one step.
    let sz = root.get_code(Code::SZ).and_then(|p| p.value());
    let size = sz
        .as_ref()
        .and_then(|v| v.board_size().ok())
        .unwrap_or_default();
    let mut issues = Vec::new();
    if let Some(gm) = root.get_code(Code::GM).and_then(|p| p.value()) {
        if gm.number() != Ok(1) {
            issues.push(SgfIssue::NotGo { span: gm.span });
        }
    }
    let ff = root.get_code(Code::FF).and_then(|p| p.value());
    let format = ff.as_ref().and_then(|v| v.number().ok());
    if let Some(ff) = ff.filter(|_| !matches!(format, Some(1..=4))) {
        issues.push(SgfIssue::UnknownFileFormat { span: ff.span });
    }
    if let Some(sz) = &sz {
        check_board_form(sz, format, &mut issues);
    }
    let context = Context { size, format };
    let mut info_nodes = 0;
    let mut mixed_case = HashSet::new();
    let mut from = 0;
    while let Some(node) = next_loud_node(tree, from, context) {
        from = node.id().index() + 1;
        if check_node(node, context, &mut mixed_case, &mut issues) {
            info_nodes += 1;
        }
    }
    if info_nodes > 1 {
        check_game_info_paths(tree, &mut issues);
    }
    issues
}

/// `SZ[19:19]` (a square as a rectangle) and, in `FF[1]`, a board that is not square.
fn check_board_form(sz: &Value<'_>, format: Option<i64>, issues: &mut Vec<SgfIssue>) {
    let Ok(size) = sz.board_size() else { return };
    if sz.compose().is_some() && size.width == size.height {
        issues.push(SgfIssue::SquareAsRectangle {
            span: sz.span.clone(),
        });
    }
    if format == Some(1) && size.width != size.height {
        issues.push(SgfIssue::RectangleInFf1 {
            span: sz.span.clone(),
        });
    }
}

/// Game information in a node below another that holds some: one issue per property of
/// the lower node. Each node learns the nearest such node above it from its parent (the
/// arena is in pre-order), so the walk is linear however deep the tree.
fn check_game_info_paths(tree: &GameTree, issues: &mut Vec<SgfIssue>) {
    let mut nearest: Vec<Option<Range<usize>>> = Vec::with_capacity(tree.len());
    for node in tree.nodes() {
        let above = node
            .parent()
            .and_then(|parent| nearest[parent.id().index()].clone());
        let info: Vec<Property<'_>> = node
            .properties()
            .filter(|p| is_game_info(p.ident()))
            .collect();
        if let Some(first) = &above {
            for prop in &info {
                issues.push(SgfIssue::GameInfoInTwoNodes {
                    ident: prop.ident().to_owned(),
                    span: prop.span(),
                    first: first.clone(),
                });
            }
        }
        nearest.push(match info.is_empty() {
            true => above,
            false => Some(node.span()),
        });
    }
}

/// The first node from `from` on (in document order) that is not quiet ([`is_quiet_node`]).
// A loop of its own, apart from the checks of the few loud nodes: inside them, its state
// went through the stack for every property.
#[inline(never)]
fn next_loud_node(tree: &GameTree, from: usize, context: Context) -> Option<NodeRef<'_>> {
    tree.nodes_from(from)
        .find(|&node| !is_quiet_node(node, context))
}

/// The checks of one node that is not quiet ([`is_quiet_node`]); whether it holds game
/// information.
fn check_node<'t>(
    node: NodeRef<'t>,
    context: Context,
    mixed_case: &mut HashSet<&'t str>,
    issues: &mut Vec<SgfIssue>,
) -> bool {
    let size = context.size;
    // Made at the first setup or markup: most nodes have none.
    let mut setup_points: Option<HashMap<Point, &str>> = None;
    let mut marked: Option<HashMap<Point, ()>> = None;
    let mut has_setup = false;
    let (mut has_black, mut has_white) = (false, false);
    let (mut game_info, mut annotated) = (false, false);
    check_repeats(node, issues);
    for prop in node.properties() {
        let code = prop.code();
        // One look-up in the catalogue answers every question below about the identifier.
        let traits = code.traits();
        has_black |= code == Code::B;
        has_white |= code == Code::W;
        game_info |= traits.is(Class::GAME_INFO);
        annotated |= traits.is(Class::POSITION_ANNOTATION) || traits.is(Class::MOVE_ANNOTATION);
        has_setup |= traits.is(Class::SETUP);
        if is_quiet(prop, traits, context) {
            continue;
        }
        let ident = prop.ident();
        if !node.is_root() && traits.is(Class::ROOT_ONLY) {
            issues.push(SgfIssue::RootPropertyOutsideRoot {
                ident: ident.to_owned(),
                span: prop.span(),
            });
        }
        check_identifier(prop, ident, traits, context, mixed_case, issues);
        check_values(prop, ident, traits, size, issues);
        check_form(prop, ident, traits, node, context, issues);
        if traits.is(Class::SETUP) && matches!(code, Code::AB | Code::AW | Code::AE) {
            let setup_points = setup_points.get_or_insert_with(HashMap::new);
            for value in prop.values() {
                for point in value.points(size).unwrap_or_default() {
                    if let Some(before) = setup_points.insert(point, ident) {
                        let conflicting = before != ident;
                        issues.push(SgfIssue::DuplicateSetupPoint {
                            point: point.on_board(size.width, size.height),
                            conflicting,
                            span: value.span.clone(),
                        });
                    }
                }
            }
        }
        if traits.is(Class::MARKUP) {
            let marked = marked.get_or_insert_with(HashMap::new);
            for value in prop.values() {
                for point in value.points(size).unwrap_or_default() {
                    if marked.insert(point, ()).is_some() {
                        issues.push(SgfIssue::DuplicateMarkup {
                            point: point.on_board(size.width, size.height),
                            span: value.span.clone(),
                        });
                    }
                }
            }
        }
    }
    let has_move = has_black || has_white;
    if has_black && has_white {
        issues.push(SgfIssue::TwoMovesInNode { span: node.span() });
    }
    if has_move && has_setup {
        issues.push(SgfIssue::MixedSetupMove { span: node.span() });
    }
    if annotated {
        check_annotations(node, has_move, issues);
    }
    game_info
}

/// An identifier with lower-case letters beside its capitals (one with none is the
/// parser's `lowercase-identifier`), at its first use in the tree (`mixed_case` holds
/// those met: an `FF[3]` file writes `Black` on every move), one over 100 letters, and,
/// in an `FF[4]` file, a property of the older formats.
fn check_identifier<'t>(
    prop: Property<'t>,
    ident: &'t str,
    traits: Traits,
    context: Context,
    mixed_case: &mut HashSet<&'t str>,
    issues: &mut Vec<SgfIssue>,
) {
    // Written as its name, nearly always.
    let written = if prop.renamed() {
        prop.raw_ident()
    } else {
        ident
    };
    if written.len() > 100 {
        issues.push(SgfIssue::LongIdentifier {
            len: written.len(),
            span: prop.ident_span(),
        });
    } else if prop.renamed()
        && written.bytes().any(|b| b.is_ascii_uppercase())
        && mixed_case.insert(written)
    {
        issues.push(SgfIssue::MixedCaseIdentifier {
            written: written.to_owned(),
            ident: ident.to_owned(),
            span: prop.ident_span(),
        });
    }
    let in_ff4 = context.format == Some(4);
    if (in_ff4 || ident == "KI") && traits.is(Class::OLD) {
        if let Some(replacement) = old_property(ident) {
            issues.push(SgfIssue::OldProperty {
                ident: ident.to_owned(),
                in_ff4,
                replacement,
                span: prop.span(),
            });
        }
    }
}

/// The form of a property's values beyond their type: several values where one is
/// held, control characters, a real number with a bare point, `AP` without a version,
/// an `FF[3]` pass written `[]`.
fn check_form(
    prop: Property<'_>,
    ident: &str,
    traits: Traits,
    node: NodeRef<'_>,
    context: Context,
    issues: &mut Vec<SgfIssue>,
) {
    if prop.values().len() > 1 && traits.holds_one_value() {
        let mut values = prop.values().map(|v| v.raw);
        let first = values.next();
        issues.push(SgfIssue::SeveralValues {
            ident: ident.to_owned(),
            differ: values.any(|v| Some(v) != first),
            span: prop.span(),
        });
    }
    let real = matches!(traits.kind(), Some(Kind::Real)) || ident == "KM";
    for value in prop.values() {
        if has_unwritable_control(value.raw.as_bytes()) {
            issues.push(SgfIssue::ControlCharacters {
                ident: ident.to_owned(),
                span: value.span.clone(),
            });
        }
        // A real the grammar reads that ends at its point (`34.`).
        if real && ends_at_point(value.raw) && value.real().is_ok() {
            issues.push(SgfIssue::LooseReal {
                ident: ident.to_owned(),
                span: value.span.clone(),
            });
        }
    }
    if ident == "AP" && node.is_root() {
        if let Some(value) = prop.value().filter(|v| v.compose().is_none()) {
            issues.push(SgfIssue::ApplicationWithoutVersion { span: value.span });
        }
    } else if matches!(ident, "B" | "W") && context.format == Some(3) {
        if let Some(value) = prop.value().filter(|v| v.is_empty()) {
            issues.push(SgfIssue::EmptyPassInFf3 { span: value.span });
        }
    }
}

/// Whether `raw` holds an unwritable control character
/// ([`crate::text::is_unwritable_control`]).
fn has_unwritable_control(raw: &[u8]) -> bool {
    // Bytes, not characters: no byte of a multi-byte character is below 0x80. Comments
    // are long and nearly never hold one: the blocks' findings are gathered lane by lane
    // and told apart once at the end, which the compiler does many bytes at a time. The
    // last block ends with the text (overlapping the one before: looking twice finds
    // nothing new). A shorter text (a name, a date, a time) is looked at byte by byte:
    // padded into a block, it cost a copy of variable length, a call, each time.
    let Some(last) = raw.last_chunk::<BLOCK>() else {
        return raw
            .iter()
            .fold(false, |found, &b| found | unwritable_byte(b));
    };
    let mut found = [0u8; BLOCK];
    let mut look = |block: &[u8; BLOCK]| {
        for (found, &b) in found.iter_mut().zip(block) {
            *found |= u8::from(unwritable_byte(b));
        }
    };
    raw.as_chunks::<BLOCK>().0.iter().for_each(&mut look);
    look(last);
    found.iter().fold(0, |all, &lane| all | lane) != 0
}

/// The bytes [`has_unwritable_control`] looks at together.
const BLOCK: usize = 32;

/// [`crate::text::is_unwritable_control`] of a byte: an ASCII control other than white space.
#[inline]
const fn unwritable_byte(b: u8) -> bool {
    // `&` and `|`, not `&&` and `||`: without branches a block's bytes are taken together.
    (b < 0x20) & (b.wrapping_sub(0x09) > 0x04) | (b == 0x7F)
}

/// Whether `raw`, without the white space around it, ends with a point.
fn ends_at_point(raw: &str) -> bool {
    match raw.as_bytes().last() {
        // White space is never a graphic character: nothing to trim at this end.
        Some(&last) if last.is_ascii_graphic() => last == b'.',
        _ => raw.trim_matches(is_space).ends_with('.'),
    }
}

/// Two position judgements or two move judgements in one node, and move judgements
/// without a move.
fn check_annotations(node: NodeRef<'_>, has_move: bool, issues: &mut Vec<SgfIssue>) {
    for group in [is_position_annotation, is_move_annotation] {
        let mut first: Option<&str> = None;
        for prop in node.properties().filter(|p| group(p.ident())) {
            match first {
                Some(first) if first != prop.ident() => {
                    issues.push(SgfIssue::ConflictingAnnotations {
                        first: first.to_owned(),
                        second: prop.ident().to_owned(),
                        span: prop.span(),
                    });
                }
                Some(_) => {}
                None => first = Some(prop.ident()),
            }
        }
    }
    if !has_move {
        for prop in node.properties().filter(|p| is_move_annotation(p.ident())) {
            issues.push(SgfIssue::AnnotationWithoutMove {
                ident: prop.ident().to_owned(),
                span: prop.span(),
            });
        }
    }
}

/// Whether none of the checks of one property can find anything, told at one look for what
/// nearly every property of a record is: a known one written as its name, outside the
/// classes with checks of their own (root, setup, markup, old, `KM`…), with one value of
/// its type and no control character (a move on the board, a time left, a comment, a name).
// Inlined into the loops over the properties: as a call, the arguments and the loops' own
// state went through the stack for every property.
#[inline(always)]
fn is_quiet(prop: Property<'_>, traits: Traits, context: Context) -> bool {
    !traits.is(LOUD) && has_quiet_value(prop, traits, context)
}

/// The classes whose properties have checks of their own: never quiet.
const LOUD: Class = Class::ROOT_ONLY
    .with(Class::SETUP)
    .with(Class::MARKUP)
    .with(Class::OLD)
    .with(Class::OWN_CHECKS);

/// [`is_quiet`] without the look at the classes: written as its name, with one value of
/// the property's type without control characters.
#[inline(always)]
fn has_quiet_value(prop: Property<'_>, traits: Traits, context: Context) -> bool {
    let Some(raw) = prop.plain_raw() else {
        return false;
    };
    let size = context.size;
    match traits.kind() {
        None => !has_unwritable_control(raw),
        // Two letters (no control character) that `Value::go_move` reads: a point on the
        // board, or a pass; or the empty pass, reported only in `FF[3]` (which writes `tt`).
        Some(Kind::Move) => match *raw {
            [] => context.format != Some(3),
            // Two lower-case letters on a board up to 26 wide, nearly always: at one look.
            [x, y]
                if x.wrapping_sub(b'a') < size.width.min(26)
                    && y.wrapping_sub(b'a') < size.height.min(26) =>
            {
                true
            }
            [x, y] => match (letter_coordinate(x), letter_coordinate(y)) {
                (Some(x), Some(y)) => {
                    const T: u8 = b't' - b'a';
                    size.contains(Point { x, y }) || (x == T && y == T && size.tt_is_pass())
                }
                _ => false,
            },
            _ => false,
        },
        Some(Kind::Real) => is_plain_real(raw),
        // Up to 18 digits: always a number `i64` holds.
        Some(Kind::Number) => (1..=18).contains(&raw.len()) && raw.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

/// Whether `raw` is a real of digits with a point between digits or before them (`1784.2`,
/// `.5`), as times are written: a real of the grammar that is not loose (`34.`), without
/// white space or control characters.
#[inline]
fn is_plain_real(raw: &[u8]) -> bool {
    match real_parts(raw) {
        Some((whole, None)) => !whole.is_empty(),
        Some((_, Some(fraction))) => !fraction.is_empty(),
        None => false,
    }
}

/// Whether nothing in `node` is to report, told in one pass for what nearly every node of a
/// record is: a move, a time left, a comment, each quiet ([`is_quiet`]), none repeated, no
/// second move, no game information or judgement (checked over the node, or the tree).
#[inline(always)]
fn is_quiet_node(node: NodeRef<'_>, context: Context) -> bool {
    const NODE_WIDE: Class = Class::GAME_INFO
        .with(Class::POSITION_ANNOTATION)
        .with(Class::MOVE_ANNOTATION);
    if node.is_root() {
        return false;
    }
    // The codes met, as bits: a repeat, or two codes that share a bit, takes the long way;
    // so does a move beside a code that shares the other move's bit.
    let mut seen = 0u64;
    for prop in node.properties() {
        let code = prop.code();
        let traits = code.traits();
        if traits.is(NODE_WIDE.with(LOUD))
            || (seen & code.bit()) != 0
            || !has_quiet_value(prop, traits, context)
        {
            return false;
        }
        seen |= code.bit();
    }
    seen & Code::B.bit() == 0 || seen & Code::W.bit() == 0
}

fn check_values(
    prop: Property<'_>,
    ident: &str,
    traits: Traits,
    size: BoardSize,
    issues: &mut Vec<SgfIssue>,
) {
    match ident {
        "KM" => {
            for v in prop.values().filter(|v| v.real().is_err()) {
                issues.push(SgfIssue::BadKomi { span: v.span });
            }
            return;
        }
        "RE" => {
            for v in prop.values().filter(|v| !is_result(&v.simple_text())) {
                issues.push(SgfIssue::BadResult { span: v.span });
            }
            return;
        }
        "DT" => {
            for v in prop.values().filter(|v| !is_date_list(&v.simple_text())) {
                issues.push(SgfIssue::BadDate { span: v.span });
            }
            return;
        }
        _ => {}
    }
    let Some(kind) = traits.kind() else { return };
    let severity = match kind {
        Kind::Move | Kind::Size => Severity::Error,
        // Setup changes the game; markup (`TR[]`, `MA[zz]`) only the picture.
        Kind::PointList if traits.is(Class::SETUP) => Severity::Error,
        _ if ident == "HA" => Severity::Error,
        _ => Severity::Warning,
    };
    // Only a list that may be empty asks.
    let only_empty = matches!(kind, Kind::EPointList)
        && prop.values().len() == 1
        && prop.values().all(|v| v.is_empty());
    for value in prop.values() {
        if let Err(reason) = check_value(&value, kind, size, only_empty) {
            issues.push(SgfIssue::BadValue {
                ident: ident.to_owned(),
                reason,
                severity,
                span: value.span,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::sgf::parse;
    use crate::text::is_unwritable_control;

    fn codes(text: &str) -> Vec<(&'static str, Severity)> {
        let c = parse(text);
        check(&c.games[0])
            .iter()
            .map(|i| (i.code(), i.severity()))
            .collect()
    }

    #[test]
    fn clean_record_has_no_issue() {
        let text =
            "(;FF[4]GM[1]SZ[19]KM[7.5]RE[W+R]DT[2016-03-09]HA[2]AB[dd][pp];W[qd]C[ok]LB[dd:A])";
        assert_eq!(codes(text), []);
    }

    #[test]
    fn mixed_setup_move() {
        assert_eq!(
            codes("(;GM[1];B[aa]AW[bb])"),
            [("mixed-setup-move", Severity::Warning)]
        );
    }

    #[test]
    fn root_property_outside_root() {
        assert_eq!(
            codes("(;GM[1];B[aa]SZ[19])"),
            [("root-property-outside-root", Severity::Warning)]
        );
    }

    #[test]
    fn repeated_properties() {
        let c = parse("(;GM[1];C[a]C[b])");
        let issues = check(&c.games[0]);
        assert_eq!(issues[0].code(), "merged-property");
        assert_eq!(issues[0].span(), 12..16);
        assert_eq!(
            codes("(;GM[1]AB[pd]AB[dp])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]KM[6.5]KM[6.5])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]AP[GNU Go:3.8]RU[Chinese]AP[foxwq])"),
            [
                ("merged-property", Severity::Warning),
                ("application-without-version", Severity::Warning)
            ]
        );
        let c = parse("(;GM[1]AP[GNU Go:3.8]RU[Chinese]AP[foxwq])");
        let issues = check(&c.games[0]);
        let [SgfIssue::MergedProperty { repeat, merged, .. }, _] = &issues[..] else {
            panic!("{issues:?}");
        };
        assert_eq!(
            (*repeat, merged.as_str()),
            (Repeat::Collected, "AP[GNU Go:3.8] or AP[foxwq]")
        );
        assert_eq!(
            codes("(;GM[1]XY[1]XY[2])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]KM[6.5]KM[7.5])"),
            [("duplicate-property", Severity::Error)]
        );
        assert_eq!(
            codes("(;GM[1];B[aa]B[bb])"),
            [("duplicate-property", Severity::Error)]
        );
        assert_eq!(
            codes("(;GM[1]SZ[9]SZ[13]SZ[9])"),
            [("duplicate-property", Severity::Error); 2]
        );
    }

    #[test]
    fn merged_property_names_what_to_write() {
        let c = parse("(;GM[1]AB[pd]HA[2]AB[dp])");
        let issues = check(&c.games[0]);
        let [SgfIssue::MergedProperty {
            repeat,
            merged,
            span,
            first,
            ..
        }] = &issues[..]
        else {
            panic!("{issues:?}");
        };
        assert_eq!((*repeat, merged.as_str()), (Repeat::Merged, "AB[pd][dp]"));
        assert_eq!((first.clone(), span.clone()), (7..13, 18..24));
        let c = parse("(;GM[1]KM[6.5]KM[7.5])");
        let issues = check(&c.games[0]);
        let [SgfIssue::DuplicateProperty { written, .. }] = &issues[..] else {
            panic!("{issues:?}");
        };
        assert_eq!(written, &["KM[6.5]", "KM[7.5]"]);
    }

    #[test]
    fn two_moves_in_node() {
        assert_eq!(
            codes("(;GM[1];B[aa]W[bb])"),
            [("two-moves-in-node", Severity::Error)]
        );
    }

    #[test]
    fn duplicate_setup_point() {
        assert_eq!(
            codes("(;AB[aa][aa])"),
            [("duplicate-setup-point", Severity::Warning)]
        );
        assert_eq!(
            codes("(;AB[aa:bb]AW[bb])"),
            [("duplicate-setup-point", Severity::Error)]
        );
    }

    #[test]
    fn bad_values() {
        assert_eq!(codes("(;SZ[9];B[jj])"), [("bad-value", Severity::Error)]);
        assert_eq!(codes("(;SZ[x])"), [("bad-value", Severity::Error)]);
        assert_eq!(codes("(;HA[two])"), [("bad-value", Severity::Error)]);
        assert_eq!(
            codes("(;GB[3]TB[]KO[]AR[aa:bb]LB[aa])"),
            [("bad-value", Severity::Warning); 2]
        );
        assert_eq!(
            codes("(;B[tt]W[])"),
            [("two-moves-in-node", Severity::Error)]
        );
    }

    #[test]
    fn komi() {
        for ok in ["7.5", "3.75", "375", "0", "-5.5"] {
            assert_eq!(codes(&format!("(;KM[{ok}])")), [], "{ok}");
        }
        assert_eq!(codes("(;KM[abc])"), [("bad-komi", Severity::Warning)]);
    }

    #[test]
    fn results() {
        assert_eq!(codes("(;RE[white])"), [("bad-result", Severity::Warning)]);
    }

    #[test]
    fn dates() {
        assert_eq!(
            codes("(;DT[March 2016])"),
            [("bad-date", Severity::Warning)]
        );
    }

    #[test]
    fn unwritable_bytes_are_the_unwritable_controls() {
        for b in 0..=u8::MAX {
            assert_eq!(
                unwritable_byte(b),
                is_unwritable_control(char::from(b)),
                "{b}"
            );
        }
    }

    /// The block-wise look for controls finds what a look at every character finds, at
    /// every length about the block's and every place in the value.
    #[test]
    fn controls_found_at_every_length_and_place() {
        for len in 0..3 * BLOCK {
            let plain = "é".repeat(len / 2) + &"a".repeat(len % 2);
            assert!(!has_unwritable_control(plain.as_bytes()), "{len}");
            for at in 0..=plain.len() {
                if !plain.is_char_boundary(at) {
                    continue;
                }
                for control in ['\u{0}', '\u{1b}', '\u{7f}', '\t', '\n'] {
                    let mut raw = plain.clone();
                    raw.insert(at, control);
                    let found = raw.chars().any(is_unwritable_control);
                    assert_eq!(has_unwritable_control(raw.as_bytes()), found, "{raw:?}");
                }
            }
        }
    }

    /// A property told quiet at one look is one the general checks find nothing in.
    #[test]
    fn quiet_properties_have_nothing_to_report() {
        let idents = [
            "B", "W", "BL", "OB", "C", "N", "XY", "KM", "AB", "TR", "TE", "SZ", "b",
        ];
        let values = [
            "pd",
            "tt",
            "zz",
            "",
            " pd",
            "p",
            "1784.2",
            ".5",
            "34.",
            "3",
            "-3",
            "+.5",
            "1.2.3",
            "12345678901234567890",
            "a\u{1}b",
            "\u{7f}",
            "good move",
            "a\nb",
            "\u{3000}",
        ];
        let mut quiet = 0;
        for ident in idents {
            for value in values {
                for format in [3, 4] {
                    let text = format!("(;FF[{format}];{ident}[{value}])");
                    let c = parse(&text);
                    let tree = &c.games[0];
                    let Some(node) = tree.root().first_child() else {
                        panic!("{text}")
                    };
                    let Some(prop) = node.properties().next() else {
                        panic!("{text}")
                    };
                    let size = BoardSize::DEFAULT;
                    let traits = prop.code().traits();
                    let context = Context {
                        size,
                        format: Some(format),
                    };
                    if !is_quiet(prop, traits, context) {
                        continue;
                    }
                    quiet += 1;
                    let mut issues = Vec::new();
                    let ident = prop.ident();
                    let mut mixed_case = HashSet::new();
                    check_identifier(prop, ident, traits, context, &mut mixed_case, &mut issues);
                    check_values(prop, ident, traits, size, &mut issues);
                    check_form(prop, ident, traits, node, context, &mut issues);
                    assert_eq!(issues, [], "{text}");
                    assert_eq!(check(tree), [], "{text}");
                }
            }
        }
        assert!(quiet > 20, "only {quiet} quiet properties");
    }

    #[test]
    fn plain_reals_are_reals_not_loose() {
        let parts = ["", "+", "-", ".", "0", "7", "12", " ", "x"];
        for a in parts {
            for b in parts {
                for c in parts {
                    for d in parts {
                        let raw = format!("{a}{b}{c}{d}");
                        let value = Value {
                            raw: &raw,
                            span: 0..0,
                        };
                        if is_plain_real(raw.as_bytes()) {
                            assert!(value.is_real() && !ends_at_point(&raw), "{raw:?}");
                            assert!(!has_unwritable_control(raw.as_bytes()), "{raw:?}");
                        }
                    }
                }
            }
        }
        assert!(is_plain_real(b"1784.2") && is_plain_real(b".5") && is_plain_real(b"30"));
    }

    #[test]
    fn not_go() {
        assert_eq!(codes("(;GM[2])"), [("not-go", Severity::Error)]);
    }
}
