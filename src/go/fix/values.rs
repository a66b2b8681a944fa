//! Values of the wrong type, repaired where one reading is plain and dropped where none is
//! (SGFC E13, E14, E15, E17, E22, E23, E25, E52), and the root's `GM` and `SZ` (E18, E47,
//! E50). A repaired value must pass the SGF check ([`value_is_valid`]), else it is dropped.

use super::info::{self, Reading};
use super::{
    written, Fixer, Prop, CONTROL, DATE, EMPTY_VALUE, EXTRA_VALUES, KOMI, PASS, RESULT, ROOT_VALUE,
    TIME, VALUE,
};
use crate::diag::Fixable;
use crate::go::properties::{holds_one_value, is_joined_text, value_is_valid};
use crate::go::sgf::grammar::compose;
use crate::go::sgf::{unescape, BoardSize};

/// The value types repaired here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Type {
    Move,
    /// A list of points; `true` when it may be the one value `[]` (`VW`, `DD`, `TB`, `TW`).
    Points(bool),
    Number,
    Real,
    Double,
    Color,
    Empty,
    /// Two points (`AR`, `LN`).
    Pair,
    /// A point and a text (`LB`).
    Label,
    /// A text that means nothing when empty (`C`, `N`, `PB`, …).
    Text,
    Other,
}

fn type_of(ident: &str) -> Type {
    match ident {
        "B" | "W" => Type::Move,
        "AB" | "AW" | "AE" | "CR" | "MA" | "SL" | "SQ" | "TR" => Type::Points(false),
        "DD" | "VW" | "TB" | "TW" => Type::Points(true),
        "FF" | "GM" | "ST" | "HA" | "MN" | "OB" | "OW" | "PM" => Type::Number,
        "TM" | "V" | "BL" | "WL" | "KM" => Type::Real,
        "DM" | "GB" | "GW" | "HO" | "UC" | "BM" | "TE" => Type::Double,
        "PL" => Type::Color,
        "KO" | "DO" | "IT" => Type::Empty,
        "AR" | "LN" => Type::Pair,
        "LB" => Type::Label,
        "C" | "N" | "GN" | "GC" | "PB" | "PW" | "BR" | "WR" | "PC" | "DT" | "RE" | "EV" | "RO"
        | "SO" | "US" | "BT" | "WT" | "RU" | "AN" | "OT" | "ON" | "CP" => Type::Text,
        _ => Type::Other,
    }
}

/// What a value's type is, as the note on a dropped one says.
fn expected(ty: Type) -> &'static str {
    match ty {
        Type::Move => "not a move",
        Type::Points(_) => "not a point",
        Type::Number | Type::Real => "not a number",
        Type::Double => "not 1 or 2",
        Type::Color => "not B or W",
        Type::Pair => "not two points",
        Type::Label => "not a point with a text",
        Type::Empty | Type::Text | Type::Other => "not readable",
    }
}

/// What becomes of one value.
enum Repair {
    Keep,
    New(String, Fixable),
    /// Dropped; whether it held something (a warning, not a note).
    Drop {
        lost: bool,
    },
}

/// The root's `GM` and `SZ` read as SGFC reads them: a `GM` without a number is Go
/// (`GM[1]`); `SZ[19:19]` is `SZ[19]`, a side over 52 is 52, a size without a side of 1
/// or more is dropped (the board is 19×19). Sets the fixer's board and game.
pub(super) fn root_values(fixer: &mut Fixer, props: &mut Vec<Prop>) {
    for prop in props.iter_mut().filter(|p| p.ident == "GM") {
        let Some(first) = prop.values.first() else {
            continue;
        };
        if number(first).is_none() {
            let from = prop.written();
            prop.values = vec!["1".to_string()];
            fixer.note(ROOT_VALUE, from, prop.written());
        }
    }
    let mut drop_size = false;
    for prop in props.iter_mut().filter(|p| p.ident == "SZ") {
        let Some(first) = prop.values.first() else {
            continue;
        };
        let from = prop.written();
        let side = |raw: &str| number(raw).map(|n| n.min(52));
        let size = match compose(first) {
            Some((w, h)) => side(w).zip(side(h)),
            None => side(first).map(|n| (n, n)),
        };
        match size.filter(|&(w, h)| w >= 1 && h >= 1) {
            Some((w, h)) => {
                let value = if w == h {
                    w.to_string()
                } else {
                    format!("{w}:{h}")
                };
                if *first != value {
                    prop.values[0] = value;
                    fixer.note(ROOT_VALUE, from, prop.written());
                }
                fixer.size = BoardSize {
                    width: w as u8,
                    height: h as u8,
                };
            }
            None => {
                drop_size = true;
                let to = "left out: the board is 19×19".to_string();
                fixer.lose(ROOT_VALUE, from, to);
            }
        }
    }
    if drop_size {
        props.retain(|p| p.ident != "SZ");
    }
    let gm = props.iter().find(|p| p.ident == "GM");
    fixer.go = gm
        .and_then(|p| p.values.first())
        .is_none_or(|v| number(v) == Some(1));
}

/// Repairs the values of `prop`; false when none is left and the property goes.
pub(super) fn repair(fixer: &mut Fixer, prop: &mut Prop) -> bool {
    if prop.values.iter().any(|v| v.contains('\0')) {
        let from: String = prop.written().replace('\0', "␀");
        for value in &mut prop.values {
            *value = value.replace('\0', " ");
        }
        fixer.note(CONTROL, from, prop.written());
    }
    if prop.values.len() > 1 && holds_one_value(&prop.ident) {
        let from = prop.written();
        // A text keeps every value, joined as its repeats are; another keeps its first.
        let value = if is_joined_text(&prop.ident) {
            prop.values.join("\n")
        } else {
            prop.values.swap_remove(0)
        };
        prop.values = vec![value];
        fixer.note(EXTRA_VALUES, from, prop.written());
    }
    let ty = type_of(&prop.ident);
    if prop.ident == "VW" && prop.values.len() > 1 && prop.values[0].trim().is_empty() {
        // `VW[]` shows the whole board: what follows it means nothing.
        let from = prop.written();
        prop.values.truncate(1);
        fixer.note(VALUE, from, prop.written());
    }
    let from = prop.written();
    let only = prop.values.len() == 1;
    let mut kind = None;
    let mut lost = false;
    let mut values = Vec::with_capacity(prop.values.len());
    for raw in &prop.values {
        match repair_value(fixer, &prop.ident, ty, raw, only) {
            Repair::Keep => values.push(raw.clone()),
            Repair::New(value, k) => {
                kind.get_or_insert(k);
                values.push(value);
            }
            Repair::Drop { lost: held } => {
                lost |= held;
                let k = match (held, prop.ident.as_str()) {
                    (_, "KM") => KOMI,
                    (false, _) => EMPTY_VALUE,
                    (true, _) => VALUE,
                };
                kind.get_or_insert(k);
            }
        }
    }
    let Some(kind) = kind else { return true };
    let to = if values.is_empty() && !lost {
        "left out: empty".to_string()
    } else if values.is_empty() {
        format!("left out: {}", expected(ty))
    } else {
        written(&prop.ident, &values)
    };
    fixer.push(kind, from, to, lost);
    prop.values = values;
    !prop.values.is_empty()
}

fn repair_value(fixer: &Fixer, ident: &str, ty: Type, raw: &str, only: bool) -> Repair {
    let size = fixer.size;
    let valid = |value: &str| value_is_valid(ident, value, size, only);
    let drop = || Repair::Drop {
        lost: !raw.trim().is_empty(),
    };
    let new = |value: String, kind| {
        if value == raw && valid(&value) {
            Repair::Keep
        } else if value != raw && valid(&value) {
            Repair::New(value, kind)
        } else {
            drop()
        }
    };
    match (ident, ty) {
        ("DT", _) => {
            return match info::date(&unescape(raw, true)) {
                Some(dt) => Repair::New(dt, DATE),
                None if raw.trim().is_empty() => drop(),
                None => Repair::Keep,
            }
        }
        ("RE", _) => {
            return match info::result(&unescape(raw, true)) {
                Some(re) => Repair::New(re, RESULT),
                None if raw.trim().is_empty() => drop(),
                None => Repair::Keep,
            }
        }
        ("KM", _) => {
            return match info::komi(&unescape(raw, true)) {
                Reading::Keep => Repair::Keep,
                Reading::New(km) => Repair::New(km, KOMI),
                Reading::Unreadable => drop(),
            }
        }
        ("TM" | "BL" | "WL", _) if !valid(raw) => {
            if let Some(tm) = info::time(&unescape(raw, true)) {
                return new(tm, TIME);
            }
        }
        _ => {}
    }
    let loose_real = ty == Type::Real && raw.trim().ends_with('.');
    // The check reads `dd ` as `dd`; SGFC writes it so.
    let spaced = matches!(ty, Type::Move | Type::Points(_) | Type::Pair)
        && fixer.go
        && raw.trim() != ""
        && raw.contains(char::is_whitespace);
    let pass = ty == Type::Move && raw == "tt" && size.tt_is_pass();
    if valid(raw) && !loose_real && !spaced && !pass {
        return match ty {
            Type::Text if raw.trim().is_empty() => drop(),
            _ => Repair::Keep,
        };
    }
    let points = matches!(ty, Type::Move | Type::Points(_) | Type::Pair | Type::Label);
    if points && !fixer.go {
        // Another game's moves and points are not Go's.
        return Repair::Keep;
    }
    match ty {
        Type::Move => {
            let squeezed = squeeze(raw);
            if squeezed.is_empty() {
                return new(String::new(), VALUE);
            }
            match point(&squeezed) {
                Some(p) if p == "tt" && size.tt_is_pass() => new(String::new(), PASS),
                Some(p) => new(p, VALUE),
                None => drop(),
            }
        }
        Type::Points(_) | Type::Pair => {
            let value = match compose(raw) {
                Some((a, b)) => point(&squeeze(a)).zip(point(&squeeze(b))),
                None if ty == Type::Pair => None,
                None => point(&squeeze(raw)).map(|p| (p, String::new())),
            };
            match value {
                Some((a, b)) if b.is_empty() => new(a, VALUE),
                Some((a, b)) => new(format!("{a}:{b}"), VALUE),
                None => drop(),
            }
        }
        Type::Label => match compose(raw).and_then(|(a, text)| Some((point(&squeeze(a))?, text))) {
            Some((p, text)) => new(format!("{p}:{text}"), VALUE),
            None => drop(),
        },
        Type::Number => match number(raw) {
            Some(n) => new(n.to_string(), VALUE),
            None => drop(),
        },
        Type::Real => match real(raw) {
            Some(r) => new(r, VALUE),
            None => drop(),
        },
        Type::Double => {
            let digit = raw.chars().find(|c| matches!(c, '1' | '2'));
            // With neither `1` nor `2`, the normal degree, as SGFC reads it.
            let digit = digit.unwrap_or('1');
            new(digit.to_string(), VALUE)
        }
        Type::Color => match raw.chars().find(|c| matches!(c, 'B' | 'b' | 'W' | 'w')) {
            Some(c) => new(c.to_ascii_uppercase().to_string(), VALUE),
            None => drop(),
        },
        Type::Empty => new(String::new(), VALUE),
        _ => drop(),
    }
}

/// The value without white space.
fn squeeze(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A point from the letters of a value: the first two (`c c` → `cc`); `None` with fewer.
fn point(text: &str) -> Option<String> {
    let letters: String = text
        .chars()
        .filter(char::is_ascii_alphabetic)
        .take(2)
        .collect();
    (letters.len() == 2).then_some(letters)
}

/// The number at the start of a value's digits and signs (`1 kk` → 1), capped to what
/// a value holds.
fn number(raw: &str) -> Option<i64> {
    let kept: String = raw
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '+' | '-'))
        .collect();
    let sign_len = usize::from(kept.starts_with(['+', '-']));
    let digits = kept[sign_len..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(kept.len() - sign_len);
    if digits == 0 {
        return None;
    }
    let text = &kept[..sign_len + digits];
    Some(text.parse::<i64>().unwrap_or(if text.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// A real from a value's digits, sign and first point (`34.` → `34`, `1,5` → `1.5`).
fn real(raw: &str) -> Option<String> {
    // `1h 30m` is no number of seconds: taking its digits would make it 130.
    if raw.chars().any(char::is_alphabetic) {
        return None;
    }
    let mut out = String::new();
    let (mut point, mut digits) = (false, false);
    for c in raw.chars() {
        match c {
            '-' if out.is_empty() => out.push('-'),
            '.' | ',' if !point => {
                point = true;
                if !digits {
                    out.push('0');
                }
                out.push('.');
            }
            '0'..='9' => {
                digits = true;
                out.push(c);
            }
            _ => {}
        }
    }
    if !digits {
        return None;
    }
    if out.ends_with('.') {
        out.pop();
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings() {
        assert_eq!(number("1 kk"), Some(1));
        assert_eq!(number("game of go"), None);
        assert_eq!(number("-10"), Some(-10));
        assert_eq!(real("34.").as_deref(), Some("34"));
        assert_eq!(real("1,5").as_deref(), Some("1.5"));
        assert_eq!(real(".5").as_deref(), Some("0.5"));
        assert_eq!(real("not much time left"), None);
        assert_eq!(real("1h 30m"), None);
        assert_eq!(point("c   c").as_deref(), Some("cc"));
        assert_eq!(point("90"), None);
    }
}
