//! `convert --fix`: the corrections SGFC makes, planned over a kept tree and applied by the
//! SGF writer, each one reported. Without `--fix` the writer corrects nothing of this.
//!
//! - a move in the root node moves to a node of its own after it;
//! - a property that holds one value (as `several-values` knows them) keeps its first,
//!   the rest dropped; a text (`C`, `GC`) keeps them all, joined by line breaks;
//! - `DT` in the `YYYY-MM-DD` form (`14 apr 97` → `1997-04-14`), `RE` in its SGF form
//!   (`black wins by resignation` → `B+R`), `KM` in points (`KM[650]` → `KM[6.5]`); a `DT`
//!   or `RE` that cannot be read is left as it is (its warning stays); a `KM` that is no
//!   number (`KM[five]`) is dropped, which is reported as a warning;
//! - a pass written `[tt]` on a board of 19 or less is written `[]`;
//! - `KI` becomes `KM` (half its value) unless `KM` is there, `L` becomes `LB` (labels
//!   `a`, `b`, … in order);
//! - `AP` names qipu, which rewrote the file.
//!
//! The inner `(` of a variation opened by `((` is already ignored by the reader.

use std::collections::HashMap;

use super::scoring::{parse_result, Komi};
use super::sgf::{BoardSize, GameTree, NodeRef, Property, SgfSyntaxError};
use super::sgf_check::{holds_one_value, is_date_list, is_joined_text};

/// One correction `--fix` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    /// What was corrected.
    pub kind: CorrectionKind,
    /// The property as written (identifier and values), or the structure corrected.
    pub from: String,
    /// What was written instead.
    pub to: String,
}

/// The kinds of correction `--fix` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorrectionKind {
    /// A move in the root node, moved to a node of its own.
    MoveOutOfRoot,
    /// A variation opened by `((`: the inner `(` was ignored.
    VariationStart,
    /// Values beyond the first of a property that holds one, dropped.
    ExtraValues,
    /// `DT` normalised.
    Date,
    /// `RE` normalised.
    Result,
    /// `KM` in points.
    Komi,
    /// A `KM` that is no number (`KM[five]`), dropped: what it meant is lost.
    KomiDropped,
    /// A pass written `[tt]`, written `[]`.
    Pass,
    /// An `FF[1]`–`FF[3]` property written as its `FF[4]` equivalent.
    OldProperty,
    /// `AP` names qipu, which rewrote the file.
    Application,
}

impl CorrectionKind {
    /// What was corrected, in a few words.
    pub fn name(self) -> &'static str {
        match self {
            CorrectionKind::MoveOutOfRoot => "move in the root node",
            CorrectionKind::VariationStart => "variation start",
            CorrectionKind::ExtraValues => "repeated values",
            CorrectionKind::Date => "date",
            CorrectionKind::Result => "result",
            CorrectionKind::Komi | CorrectionKind::KomiDropped => "komi",
            CorrectionKind::Pass => "pass",
            CorrectionKind::OldProperty => "old property",
            CorrectionKind::Application => "application",
        }
    }
}

/// What a property is written as when fixed: another identifier, other values (as text,
/// unescaped), or nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// The property with these values under this identifier.
    Property {
        /// The identifier written.
        ident: String,
        /// The values, unescaped.
        values: Vec<String>,
    },
    /// The property is left out.
    Dropped,
}

/// The corrections of one tree: how each property is rewritten (by the start of its
/// span), whether root moves go to a node of their own, and the report.
#[derive(Clone, Debug, Default)]
pub struct Fixes {
    rewrites: HashMap<usize, Rewrite>,
    /// The root node's moves are written as a node of their own after it.
    pub root_moves_out: bool,
    /// What was corrected, in tree order.
    pub corrections: Vec<Correction>,
    /// `AP` when something was corrected: qipu and its version.
    pub application: Vec<String>,
}

impl Fixes {
    /// How `prop` is written, if it is corrected.
    pub fn rewrite(&self, prop: &Property<'_>) -> Option<&Rewrite> {
        self.rewrites.get(&prop.span().start)
    }

    fn set(&mut self, prop: &Property<'_>, rewrite: Rewrite, kind: CorrectionKind, to: String) {
        self.corrections.push(Correction {
            kind,
            from: as_written(prop),
            to,
        });
        self.rewrites.insert(prop.span().start, rewrite);
    }
}

/// The corrections of `tree`.
pub fn plan(tree: &GameTree) -> Fixes {
    let mut fixes = Fixes::default();
    for error in &tree.errors {
        if let SgfSyntaxError::IllegalVariationStart { .. } = error {
            fixes.corrections.push(Correction {
                kind: CorrectionKind::VariationStart,
                from: "((".to_string(),
                to: "(".to_string(),
            });
        }
    }
    let size = tree
        .root()
        .get("SZ")
        .and_then(|p| p.value())
        .and_then(|v| v.board_size().ok())
        .unwrap_or_default();
    for node in tree.nodes() {
        if node.is_root() && (node.get("B").is_some() || node.get("W").is_some()) {
            fixes.root_moves_out = true;
            fixes.corrections.push(Correction {
                kind: CorrectionKind::MoveOutOfRoot,
                from: node
                    .properties()
                    .filter(|p| matches!(p.ident(), "B" | "W"))
                    .map(|p| as_written(&p))
                    .collect::<Vec<_>>()
                    .join(""),
                to: "a node of its own after the root".to_string(),
            });
        }
        for prop in node.properties() {
            plan_property(&mut fixes, node, &prop, size);
        }
    }
    if !fixes.corrections.is_empty() {
        let ap = format!("qipu:{}", env!("CARGO_PKG_VERSION"));
        fixes.application = vec![ap.clone()];
        let root = tree.root();
        let from = root
            .get("AP")
            .map_or_else(|| "none".to_string(), |p| as_written(&p));
        let to = format!("AP[{ap}]");
        if from != to {
            fixes.corrections.push(Correction {
                kind: CorrectionKind::Application,
                from,
                to,
            });
        }
    }
    fixes
}

fn plan_property(fixes: &mut Fixes, node: NodeRef<'_>, prop: &Property<'_>, size: BoardSize) {
    let ident = prop.ident();
    let first = prop.value().map(|v| v.text());
    let single = |values: Vec<String>| Rewrite::Property {
        ident: ident.to_string(),
        values,
    };
    let corrected = match (ident, first.as_deref()) {
        ("DT", Some(dt)) if !is_date_list(dt) => normal_date(dt).map(|d| (CorrectionKind::Date, d)),
        // Only a form that reads back as the same result or komi is written: a margin of
        // 5.75 would read back as stones.
        ("RE", Some(re)) => parse_result(re)
            .or_else(|_| parse_result(&sentence_result(re).ok_or(())?).map_err(|_| ()))
            .ok()
            .filter(|r| parse_result(&r.to_string()).as_ref() == Ok(r))
            .map(|r| r.to_string())
            .filter(|r| r != re)
            .map(|r| (CorrectionKind::Result, r)),
        ("KM", Some(km)) => Komi::parse(km)
            .ok()
            .map(|k| k.points())
            .map(|points| (points, points_text(points)))
            .filter(|(points, text)| Komi::parse(text).is_ok_and(|k| k.points() == *points))
            .map(|(_, text)| text)
            .filter(|k| k != km.trim())
            .map(|k| (CorrectionKind::Komi, k)),
        ("B" | "W", Some("tt")) if size.width <= 19 && size.height <= 19 => {
            Some((CorrectionKind::Pass, String::new()))
        }
        _ => None,
    };
    if let Some((kind, value)) = corrected {
        let to = format!("{ident}[{value}]");
        fixes.set(prop, single(vec![value]), kind, to);
        return;
    }
    if ident == "KM" && first.as_deref().is_some_and(|km| Komi::parse(km).is_err()) {
        let to = "left out: not a number".to_string();
        fixes.set(prop, Rewrite::Dropped, CorrectionKind::KomiDropped, to);
        return;
    }
    match ident {
        "KI" => {
            let ki = first.as_deref().and_then(|v| v.trim().parse::<i64>().ok());
            let (rewrite, to) = match ki {
                Some(ki) if node.get("KM").is_none() => {
                    let km = if ki % 2 == 0 {
                        (ki / 2).to_string()
                    } else {
                        format!("{}.5", ki / 2)
                    };
                    let to = format!("KM[{km}]");
                    let rewrite = Rewrite::Property {
                        ident: "KM".to_string(),
                        values: vec![km],
                    };
                    (rewrite, to)
                }
                _ => (Rewrite::Dropped, "left out, as KM is given".to_string()),
            };
            fixes.set(prop, rewrite, CorrectionKind::OldProperty, to);
        }
        "L" => {
            let labels: Vec<String> = prop
                .values()
                .enumerate()
                .map(|(i, v)| format!("{}:{}", v.raw, label(i)))
                .collect();
            let to = format!("LB[{}]", labels.join("]["));
            let rewrite = Rewrite::Property {
                ident: "LB".to_string(),
                values: labels,
            };
            fixes.set(prop, rewrite, CorrectionKind::OldProperty, to);
        }
        _ if prop.values().len() > 1 && holds_one_value(ident) => {
            // A text keeps every value, joined as its repeats are; another keeps its first.
            let value = if is_joined_text(ident) {
                prop.values()
                    .map(|v| v.text())
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                first.unwrap_or_default()
            };
            let to = format!("{ident}[{value}]");
            fixes.set(prop, single(vec![value]), CorrectionKind::ExtraValues, to);
        }
        _ => {}
    }
}

/// A result written as an English sentence in the SGF form for [`parse_result`]:
/// `black wins by resignation` → `B+resignation`, `white wins by 5 1/2 points` →
/// `W+5又1/2 points`.
fn sentence_result(text: &str) -> Option<String> {
    let lower = text.trim().to_lowercase();
    let (winner, rest) = lower.split_once(" wins")?;
    let winner = match winner.trim() {
        "black" | "b" => "B",
        "white" | "w" => "W",
        _ => return None,
    };
    let margin = rest.trim().strip_prefix("by").unwrap_or(rest).trim();
    // `5 1/2`: a whole number and a fraction, as `5又1/2` reads.
    let words: Vec<&str> = margin.split_whitespace().collect();
    let margin = match words[..] {
        [whole, fraction, ref unit @ ..]
            if whole.bytes().all(|b| b.is_ascii_digit()) && fraction.contains('/') =>
        {
            format!("{whole}又{fraction} {}", unit.join(" "))
        }
        _ => margin.to_string(),
    };
    Some(format!("{winner}+{}", margin.trim()))
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

/// A komi in points as SGF writes a real: `6.5`, `7`, `0.75`.
fn points_text(points: f64) -> String {
    format!("{points}")
}

/// The property as written: identifier and values, escapes kept.
fn as_written(prop: &Property<'_>) -> String {
    let mut text = prop.raw_ident().to_string();
    for value in prop.values() {
        text.push('[');
        text.push_str(value.raw);
        text.push(']');
    }
    text
}

/// `DT` in the `YYYY-MM-DD` form, from the forms records hold: `1997/04/14`,
/// `1997.4.14`, `1997年4月14日`, `14.04.1997`, `14 apr 97`, `April 14, 1997`. A two-digit
/// year is of the 1900s from 50 on, else of the 2000s. `None` when it is none of these.
pub fn normal_date(dt: &str) -> Option<String> {
    let words: Vec<&str> = dt
        .split(|c: char| !c.is_alphanumeric())
        .flat_map(split_cjk_date)
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &str| {
        w.parse::<u32>()
            .ok()
            .filter(|_| w.bytes().all(|b| b.is_ascii_digit()))
    };
    let year = |w: &str| {
        let n = number(w)?;
        match w.len() {
            4 => Some(n),
            2 if n >= 50 => Some(1900 + n),
            2 => Some(2000 + n),
            _ => None,
        }
    };
    let (y, m, d) = match words[..] {
        [a, b, c] if month_name(a).is_some() => (year(c)?, month(a)?, number(b)?),
        [a, b, c] if a.len() == 4 => (year(a)?, month(b)?, number(c)?),
        [a, b, c] if c.len() == 4 || month_name(b).is_some() => (year(c)?, month(b)?, number(a)?),
        _ => return None,
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// `1997年4月14日` into `1997`, `4`, `14`.
fn split_cjk_date(word: &str) -> impl Iterator<Item = &str> {
    word.split(['年', '月', '日'])
}

fn month(word: &str) -> Option<u32> {
    month_name(word).or_else(|| {
        word.parse::<u32>()
            .ok()
            .filter(|_| word.len() <= 2 && word.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// An English month name or its first three letters, in any case.
fn month_name(word: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let word = word.to_ascii_lowercase();
    if word.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(&word))
        .map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for (written, normal) in [
            ("14 apr 97", "1997-04-14"),
            ("1997/04/14", "1997-04-14"),
            ("1997.4.14", "1997-04-14"),
            ("1997年4月14日", "1997-04-14"),
            ("14.04.1997", "1997-04-14"),
            ("April 14, 1997", "1997-04-14"),
            ("3 Mar 2003", "2003-03-03"),
        ] {
            assert_eq!(normal_date(written).as_deref(), Some(normal), "{written}");
        }
        for unreadable in ["a sunny afternoon", "1997", "14/13/1997", "32 jan 1990"] {
            assert_eq!(normal_date(unreadable), None, "{unreadable}");
        }
    }

    #[test]
    fn labels() {
        assert_eq!(label(0), "a");
        assert_eq!(label(25), "z");
        assert_eq!(label(26), "aa");
    }
}
