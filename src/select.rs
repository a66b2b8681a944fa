//! Selecting records by an expression (`--where`): comparisons `FIELD OP VALUE` joined by
//! `and`, `or`, `not` and parentheses, as `grammars/where.ebnf` states them.
//!
//! A field is a tag or property as written (`Event`, `PB`, `GameType`), a name every
//! family shares (`white`, `black`, `event`, `site`, `date`, `round`, `result`, which each
//! family maps to its own tags), or one qipu computes (`plies`, `valid`, `errors`,
//! `warnings`, `code`, `game`, `variant`, `source`, and `year`, the year of the date). A comparison is between dates when
//! both sides read as dates (a partial date such as `1990` or `1990.05` stands for the
//! range of days it names), between numbers when both read as numbers, and between texts
//! otherwise; `~` matches a regular expression (the `regex` crate's syntax, `(?i)` for
//! any case). A field a record does not have makes every comparison on it false, so
//! `not white = "Lee"` holds for a record without a white player.
//!
//! ```
//! use qipu::select::Selection;
//! let selection = Selection::parse(r#"black ~ "Lee" and (date >= 2016 or plies > 100)"#).unwrap();
//! // Written back with quotes only where a value needs them.
//! assert_eq!(selection.to_string(), "black ~ Lee and (date >= 2016 or plies > 100)");
//! let error = Selection::parse("black ~").unwrap_err();
//! assert_eq!((error.at(), error.to_string().as_str()), (7, "expected a value"));
//! ```

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{cut, map, recognize, value};
use nom::error::{ErrorKind, ParseError};
use nom::sequence::{delimited, pair, preceded};
use nom::{IResult, Parser};

use crate::diag::Severity;
use crate::{Document, RecordReport};

/// A parsed `--where` expression.
#[derive(Clone, Debug)]
pub struct Selection(Expr);

#[derive(Clone, Debug)]
enum Expr {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    /// An expression written in parentheses, kept for writing it back.
    Group(Box<Expr>),
    Compare(Comparison),
}

#[derive(Clone, Debug)]
struct Comparison {
    field: String,
    op: Op,
    value: String,
    /// `~`'s pattern, compiled once.
    pattern: Option<regex::Regex>,
    /// The value read as a date and as a number, once, not for every record.
    date: Option<DateRange>,
    number: Option<f64>,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Matches,
}

impl Op {
    fn sign(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Matches => "~",
        }
    }
}

/// Why an expression could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectionError {
    at: usize,
    expected: Expected,
}

/// What the expression needed where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expected {
    Field,
    /// A field alone ([`Field::parse`]).
    FieldOnly,
    Operator,
    Value,
    ClosingParenthesis,
    ClosingQuote,
    End,
    /// `~`'s pattern is not a regular expression.
    Pattern(String),
    /// More than [`MAX_NESTING`] parentheses and `not`s inside one another.
    TooDeep,
}

/// How deep parentheses and `not`s may nest: the parser recurses once per level.
const MAX_NESTING: usize = 100;

impl SelectionError {
    /// Byte offset into the expression where it went wrong.
    pub fn at(&self) -> usize {
        self.at
    }
}

impl fmt::Display for SelectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.expected {
            Expected::Field => f.write_str("expected a field name, `not` or `(`"),
            Expected::FieldOnly => {
                f.write_str("expected a field name: letters, digits, `_`, then `-` and `.` too")
            }
            Expected::Operator => f.write_str("expected one of =, !=, <, <=, >, >=, ~"),
            Expected::Value => f.write_str("expected a value"),
            Expected::ClosingParenthesis => f.write_str("expected `)`"),
            Expected::ClosingQuote => f.write_str("the quoted value has no closing quote"),
            Expected::End => f.write_str("expected `and`, `or` or the end of the expression"),
            Expected::Pattern(why) => write!(f, "not a regular expression: {why}"),
            Expected::TooDeep => write!(f, "more than {MAX_NESTING} levels of `(` and `not`"),
        }
    }
}

impl std::error::Error for SelectionError {}

/// A grammar failure: the rest of the input where it happened, and what was expected.
#[derive(Debug)]
struct Failure<'a> {
    rest: &'a str,
    expected: Expected,
}

impl<'a> ParseError<&'a str> for Failure<'a> {
    fn from_error_kind(rest: &'a str, _: ErrorKind) -> Self {
        Failure {
            rest,
            expected: Expected::Field,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Parsed<'a, O> = IResult<&'a str, O, Failure<'a>>;

/// Runs `parser`, and on failure says `expected` at the place it failed.
fn expect<'a, O>(
    expected: Expected,
    mut parser: impl Parser<&'a str, Output = O, Error = Failure<'a>>,
) -> impl Parser<&'a str, Output = O, Error = Failure<'a>> {
    move |input: &'a str| match parser.parse(input) {
        Err(nom::Err::Error(_)) => Err(nom::Err::Error(Failure {
            rest: input,
            expected: expected.clone(),
        })),
        other => other,
    }
}

/// White space between tokens.
fn space(input: &str) -> Parsed<'_, &str> {
    take_while(char::is_whitespace)(input)
}

/// A keyword (`and`, `or`, `not`), any case, not the start of a longer word.
fn keyword<'a>(word: &'static str) -> impl Parser<&'a str, Output = (), Error = Failure<'a>> {
    move |input: &'a str| {
        let (rest, found) = preceded(space, bare_word).parse(input)?;
        if found.eq_ignore_ascii_case(word) {
            Ok((rest, ()))
        } else {
            Err(nom::Err::Error(Failure::from_error_kind(
                input,
                ErrorKind::Tag,
            )))
        }
    }
}

/// A run of characters that ends at white space, a parenthesis, a quote or an operator.
fn bare_word(input: &str) -> Parsed<'_, &str> {
    take_while1(|c: char| !c.is_whitespace() && !"()\"'=!<>~".contains(c))(input)
}

/// field = letter or digit or `_`, `-`, `.`, then more of them.
fn field(input: &str) -> Parsed<'_, &str> {
    recognize(pair(
        satisfy(|c: char| c.is_alphanumeric() || c == '_'),
        take_while(|c: char| c.is_alphanumeric() || "_-.".contains(c)),
    ))
    .parse(input)
}

/// op = `!=` | `<=` | `>=` | `=` | `<` | `>` | `~`.
fn op(input: &str) -> Parsed<'_, Op> {
    alt((
        value(Op::Ne, tag("!=")),
        value(Op::Le, tag("<=")),
        value(Op::Ge, tag(">=")),
        value(Op::Eq, tag("=")),
        value(Op::Lt, tag("<")),
        value(Op::Gt, tag(">")),
        value(Op::Matches, tag("~")),
    ))
    .parse(input)
}

/// A value in `quote`s, with `\` escaping the next character; committed after the
/// opening quote.
fn quoted<'a>(quote: char) -> impl Parser<&'a str, Output = String, Error = Failure<'a>> {
    move |input: &'a str| {
        let (body, _) = char(quote).parse(input)?;
        let mut text = String::new();
        let mut chars = body.char_indices();
        while let Some((at, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, escaped)) => text.push(escaped),
                    None => break,
                },
                c if c == quote => return Ok((&body[at + c.len_utf8()..], text)),
                c => text.push(c),
            }
        }
        // Pointed at the quote that opens it.
        Err(nom::Err::Failure(Failure {
            rest: input,
            expected: Expected::ClosingQuote,
        }))
    }
}

/// value = quoted | bare word.
fn value_text(input: &str) -> Parsed<'_, String> {
    alt((quoted('"'), quoted('\''), map(bare_word, str::to_string))).parse(input)
}

/// comparison = field, op, value; committed after the field.
fn comparison(input: &str) -> Parsed<'_, Expr> {
    let (rest, name) = preceded(space, expect(Expected::Field, field)).parse(input)?;
    let (rest, op) = cut(preceded(space, expect(Expected::Operator, op))).parse(rest)?;
    let value_at = space(rest)?.0;
    let (rest, text) = cut(expect(Expected::Value, value_text)).parse(value_at)?;
    let pattern = match op {
        Op::Matches => match regex::Regex::new(&text) {
            Ok(pattern) => Some(pattern),
            Err(error) => {
                return Err(nom::Err::Failure(Failure {
                    rest: value_at,
                    expected: Expected::Pattern(pattern_error(&error)),
                }))
            }
        },
        _ => None,
    };
    Ok((
        rest,
        Expr::Compare(Comparison {
            field: name.to_string(),
            op,
            date: DateRange::of(&text),
            number: number(&text),
            value: text,
            pattern,
        }),
    ))
}

/// The last line of the regex crate's message, which says what is wrong.
fn pattern_error(error: &regex::Error) -> String {
    let message = error.to_string();
    message
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .to_string()
}

/// unary = `not`, unary | `(`, expr, `)` | comparison. Recursion is bounded by the
/// expression's length, which the command line gives.
fn unary(input: &str) -> Parsed<'_, Expr> {
    alt((
        map(preceded(keyword("not"), cut(unary)), |e| {
            Expr::Not(Box::new(e))
        }),
        map(
            delimited(
                preceded(space, char('(')),
                cut(or_expr),
                cut(preceded(
                    space,
                    expect(Expected::ClosingParenthesis, char(')')),
                )),
            ),
            |e| Expr::Group(Box::new(e)),
        ),
        comparison,
    ))
    .parse(input)
}

/// `item` one or more times with `word` between; one item is itself.
fn joined<'a>(
    word: &'static str,
    item: fn(&'a str) -> Parsed<'a, Expr>,
    make: fn(Vec<Expr>) -> Expr,
) -> impl Parser<&'a str, Output = Expr, Error = Failure<'a>> {
    move |input: &'a str| {
        let (mut rest, first) = item(input)?;
        let mut items = vec![first];
        while let Ok((after, ())) = keyword(word).parse(rest) {
            let (after, next) = cut(item).parse(after)?;
            items.push(next);
            rest = after;
        }
        Ok((
            rest,
            if items.len() == 1 {
                items.remove(0)
            } else {
                make(items)
            },
        ))
    }
}

/// and = unary, { `and`, unary }.
fn and_expr(input: &str) -> Parsed<'_, Expr> {
    joined("and", unary, Expr::And).parse(input)
}

/// or = and, { `or`, and }.
fn or_expr(input: &str) -> Parsed<'_, Expr> {
    joined("or", and_expr, Expr::Or).parse(input)
}

impl Selection {
    /// Reads an expression.
    pub fn parse(text: &str) -> Result<Selection, SelectionError> {
        if let Some(at) = too_deep(text) {
            return Err(SelectionError {
                at,
                expected: Expected::TooDeep,
            });
        }
        let failed = |failure: Failure<'_>| SelectionError {
            at: text.len() - failure.rest.len(),
            expected: failure.expected,
        };
        match or_expr(text) {
            Ok((rest, expr)) => {
                let rest = rest.trim_start();
                if rest.is_empty() {
                    Ok(Selection(expr))
                } else {
                    Err(SelectionError {
                        at: text.len() - rest.len(),
                        expected: Expected::End,
                    })
                }
            }
            Err(nom::Err::Error(failure) | nom::Err::Failure(failure)) => Err(failed(failure)),
            Err(nom::Err::Incomplete(_)) => Err(SelectionError {
                at: text.len(),
                expected: Expected::Value,
            }),
        }
    }

    /// Whether `report`, a record of `document`, is selected. Its tags are read from
    /// its kept record ([`crate::ReadOptions::keep_records`]); a report without one has
    /// only the computed fields.
    pub fn selects(&self, document: &Document, report: &RecordReport) -> bool {
        self.0.holds(&RecordFields { document, report })
    }
}

/// The tag `name` of a report's record (kept, or its tags alone), a field every family
/// has by the tag the family gives it.
fn tag_value<'r>(report: &'r RecordReport, name: &str) -> Option<&'r str> {
    let (tags, tag_of) = match (&report.record, &report.header) {
        (Some(record), _) => {
            let record = record.as_game_record();
            (record.tags(), record.tag_of(name))
        }
        (None, Some(header)) => (&header.tags, (header.tag_of)(name)),
        (None, None) => return None,
    };
    tags.get(tag_of.unwrap_or(name))
}

/// A record's fields, as a selection reads them.
struct RecordFields<'a> {
    document: &'a Document,
    report: &'a RecordReport,
}

impl Fields for RecordFields<'_> {
    fn values(&self, name: &str) -> Vec<Cow<'_, str>> {
        let report = self.report;
        let count = |severity: Severity| {
            let n = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .count();
            vec![Cow::Owned(n.to_string())]
        };
        match name {
            "plies" => vec![Cow::Owned(report.plies.to_string())],
            "valid" => {
                let valid = !report
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Error);
                vec![Cow::Borrowed(if valid { "true" } else { "false" })]
            }
            "errors" => count(Severity::Error),
            "warnings" => count(Severity::Warning),
            "code" => report
                .diagnostics
                .iter()
                .map(|d| Cow::Borrowed(d.code()))
                .collect(),
            "game" => report
                .game
                .map(|g| Cow::Borrowed(g.name()))
                .into_iter()
                .collect(),
            "variant" => report
                .variant
                .map(|v| Cow::Borrowed(v.name()))
                .into_iter()
                .collect(),
            "source" => vec![Cow::Borrowed(self.document.source.as_str())],
            "year" => tag_value(report, "date")
                .and_then(DateRange::of)
                .map(|date| Cow::Owned(format!("{:04}", date.first.0)))
                .into_iter()
                .collect(),
            _ => tag_value(report, name)
                .map(Cow::Borrowed)
                .into_iter()
                .collect(),
        }
    }
}

/// A field of a record as `--where` names it (a tag as written, a shared name, a computed
/// field), to read its value by; `convert --split-by` files records by it.
///
/// ```
/// use qipu::select::Field;
/// assert!(Field::parse("year").is_ok());
/// assert_eq!(Field::parse("white player").unwrap_err().at(), 5);
/// ```
#[derive(Clone, Debug)]
pub struct Field(String);

impl Field {
    /// Reads a field name, as `--where` writes one before its operator.
    pub fn parse(text: &str) -> Result<Field, SelectionError> {
        match field(text) {
            Ok(("", name)) => Ok(Field(name.to_string())),
            Ok((rest, _)) => Err(SelectionError {
                at: text.len() - rest.len(),
                expected: Expected::FieldOnly,
            }),
            Err(_) => Err(SelectionError {
                at: 0,
                expected: Expected::FieldOnly,
            }),
        }
    }

    /// The field's value in `report`, a record of `document`; none when the record has
    /// no such field. A field with several values (`code`) gives them sorted, each once,
    /// joined by `+`, so that one set of values is always one text.
    pub fn value(&self, document: &Document, report: &RecordReport) -> Option<String> {
        let fields = RecordFields { document, report };
        let mut values = fields.values(&self.0);
        if values.len() > 1 {
            values.sort();
            values.dedup();
        }
        (!values.is_empty()).then(|| values.join("+"))
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where the nesting of parentheses and `not`s (outside quotes) first passes
/// [`MAX_NESTING`], which keeps the parser's recursion bounded whatever it is given.
fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut nots, mut quote) = (0usize, 0usize, None);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => depth = depth.saturating_sub(1),
            (None, 'n' | 'N')
                if text[at..]
                    .get(..3)
                    .is_some_and(|w| w.eq_ignore_ascii_case("not")) =>
            {
                nots += 1
            }
            _ => {}
        }
        if depth + nots > MAX_NESTING {
            return Some(at);
        }
    }
    None
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, items: &[Expr], word: &str| {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    write!(f, " {word} ")?;
                }
                item.fmt(f)?;
            }
            Ok(())
        };
        match self {
            Expr::Or(items) => list(f, items, "or"),
            Expr::And(items) => list(f, items, "and"),
            Expr::Not(inner) => write!(f, "not {inner}"),
            Expr::Group(inner) => write!(f, "({inner})"),
            Expr::Compare(c) => {
                let bare = !c.value.is_empty()
                    && c.value
                        .chars()
                        .all(|ch| ch.is_alphanumeric() || "._-:+".contains(ch));
                if bare {
                    write!(f, "{} {} {}", c.field, c.op.sign(), c.value)
                } else {
                    let escaped = c.value.replace('\\', "\\\\").replace('"', "\\\"");
                    write!(f, "{} {} \"{escaped}\"", c.field, c.op.sign())
                }
            }
        }
    }
}

/// What a selection asks of a record.
trait Fields {
    /// The field's values as text (a tag, a common name, a computed field); none when the
    /// record has no such field. `code` gives every diagnostic's code.
    fn values(&self, name: &str) -> Vec<Cow<'_, str>>;
}

impl Expr {
    fn holds(&self, fields: &impl Fields) -> bool {
        match self {
            Expr::Or(items) => items.iter().any(|e| e.holds(fields)),
            Expr::And(items) => items.iter().all(|e| e.holds(fields)),
            Expr::Not(inner) => !inner.holds(fields),
            Expr::Group(inner) => inner.holds(fields),
            // A field with several values (`code`) holds when any value does.
            Expr::Compare(c) => fields.values(&c.field).iter().any(|v| c.holds(v)),
        }
    }
}

impl Comparison {
    fn holds(&self, found: &str) -> bool {
        if let Some(pattern) = &self.pattern {
            return pattern.is_match(found);
        }
        // Dates first: `1990.05` is May 1990, not a number; on whole years (and any
        // other four-digit numbers) the two readings agree.
        if let Some(b) = self.date {
            if let Some(a) = DateRange::of(found) {
                return a.compare(self.op, b);
            }
        }
        if let Some(b) = self.number {
            if let Some(a) = number(found) {
                return self.ordered(a.partial_cmp(&b));
            }
        }
        self.ordered(Some(found.cmp(self.value.as_str())))
    }

    fn ordered(&self, ordering: Option<Ordering>) -> bool {
        let Some(ordering) = ordering else {
            return false;
        };
        match self.op {
            Op::Eq => ordering == Ordering::Equal,
            Op::Ne => ordering != Ordering::Equal,
            Op::Lt => ordering == Ordering::Less,
            Op::Le => ordering != Ordering::Greater,
            Op::Gt => ordering == Ordering::Greater,
            Op::Ge => ordering != Ordering::Less,
            Op::Matches => false,
        }
    }
}

/// A number as a field or value writes it: digits with an optional sign and fraction
/// (`7.5`, `-3`), nothing else (`1990.05.12` is a date, `B+R` a text).
fn number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let plain = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1
        && digits.chars().next().is_some_and(|c| c.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// The days a date names, as (year, month, day) bounds: `1990` is all of 1990,
/// `1990.05` all of May, `1990.05.12` one day; unknown parts (`??`) widen it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DateRange {
    first: (u32, u32, u32),
    last: (u32, u32, u32),
}

impl DateRange {
    /// Reads `YYYY`, `YYYY.MM`, `YYYY.MM.DD` (or `-` or `/` between), as PGN, PDN and SGF
    /// write dates; what follows a full date (SGF's `,13` for a second day) is ignored.
    fn of(text: &str) -> Option<DateRange> {
        let text = text.trim();
        let mut parts = text.split(['.', '-', '/']);
        let year = parts.next()?;
        if year.len() != 4 || !year.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let year: u32 = year.parse().ok()?;
        let part = |p: Option<&str>, most: u32| -> Option<Option<u32>> {
            match p {
                None => Some(None),
                Some(p) => {
                    let p: String = p.chars().take_while(char::is_ascii_digit).collect();
                    if p.is_empty() {
                        return Some(None);
                    }
                    let n: u32 = p.parse().ok()?;
                    (1..=most).contains(&n).then_some(Some(n))
                }
            }
        };
        let month = part(parts.next(), 12)?;
        let day = match month {
            Some(_) => part(parts.next(), 31)?,
            None => None,
        };
        Some(DateRange {
            first: (year, month.unwrap_or(1), day.unwrap_or(1)),
            last: (year, month.unwrap_or(12), day.unwrap_or(31)),
        })
    }

    /// `self OP other`: `=` when they share a day, `<` when all of `self` is before all
    /// of `other`, `<=` when some of `self` is not after `other`, and so on.
    fn compare(self, op: Op, other: DateRange) -> bool {
        let overlap = self.first <= other.last && other.first <= self.last;
        match op {
            Op::Eq => overlap,
            Op::Ne => !overlap,
            Op::Lt => self.last < other.first,
            Op::Le => self.first <= other.last,
            Op::Gt => self.first > other.last,
            Op::Ge => self.last >= other.first,
            Op::Matches => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    struct Map(BTreeMap<&'static str, Vec<&'static str>>);

    impl Fields for Map {
        fn values(&self, name: &str) -> Vec<Cow<'_, str>> {
            self.0
                .get(name)
                .map(|v| v.iter().map(|s| Cow::Borrowed(*s)).collect())
                .unwrap_or_default()
        }
    }

    fn record() -> Map {
        Map(BTreeMap::from([
            ("black", vec!["Lee Sedol"]),
            ("white", vec!["AlphaGo"]),
            ("date", vec!["2016-03-09"]),
            ("plies", vec!["211"]),
            ("valid", vec!["true"]),
            ("code", vec!["unknown-property", "ko-violation"]),
            ("KM", vec!["7.5"]),
            ("Event", vec!["Google DeepMind Challenge Match"]),
        ]))
    }

    /// Expressions against hand-worked answers on one record.
    #[test]
    fn a_table_of_expressions() {
        let table = [
            (r#"black ~ "Lee""#, true),
            (r#"black = "Lee""#, false),
            ("black = 'Lee Sedol'", true),
            (r#"black ~ "(?i)^lee""#, true),
            ("date >= 2016", true),
            ("date > 2016", false),
            ("date = 2016.03", true),
            ("date < 2016.03.10", true),
            ("date <= 2016.03.08", false),
            ("date != 2015", true),
            ("plies > 100", true),
            ("plies > 1000", false),
            ("plies <= 211", true),
            ("KM = 7.5", true),
            ("date = 2016", true),
            ("plies >= 0211", true),
            ("KM < 10", true),
            ("valid = true", true),
            ("code = ko-violation", true),
            ("code = illegal-move", false),
            ("not code = illegal-move", true),
            ("round = 4", false),
            ("round != 4", false),
            ("not round = 4", true),
            ("white = AlphaGo and black ~ Lee and plies > 100", true),
            ("white = AlphaGo and black ~ Cho", false),
            ("white = Fan or black ~ Lee", true),
            ("(white = Fan or black ~ Lee) and not valid = false", true),
            ("white = Fan or black ~ Cho and plies > 1", false),
            ("white = AlphaGo or black ~ Cho and plies > 10000", true),
            ("NOT (white = AlphaGo) OR Event ~ DeepMind", true),
            (r#"Event = "Google DeepMind Challenge Match""#, true),
        ];
        let fields = record();
        for (text, expected) in table {
            let selection = Selection::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(selection.0.holds(&fields), expected, "{text}");
            let again = Selection::parse(&selection.to_string()).unwrap();
            assert_eq!(again.to_string(), selection.to_string(), "{text}");
        }
    }

    #[test]
    fn errors_say_what_was_expected_where() {
        let table = [
            ("", 0, "expected a field name, `not` or `(`"),
            ("black", 5, "expected one of =, !=, <, <=, >, >=, ~"),
            ("black =", 7, "expected a value"),
            ("black = \"Lee", 8, "the quoted value has no closing quote"),
            ("(black = Lee", 12, "expected `)`"),
            (
                "black = Lee plies > 3",
                12,
                "expected `and`, `or` or the end of the expression",
            ),
            ("black = Lee and", 15, "expected a field name, `not` or `(`"),
            (
                "black ~ \"(\"",
                8,
                "not a regular expression: unclosed group",
            ),
            ("not", 3, "expected a field name, `not` or `(`"),
            (") = 3", 0, "expected a field name, `not` or `(`"),
        ];
        for (text, at, message) in table {
            let error = Selection::parse(text).expect_err(text);
            assert_eq!(
                (error.at(), error.to_string().as_str()),
                (at, message),
                "{text}"
            );
        }
    }

    #[test]
    fn partial_dates_are_ranges() {
        let year = DateRange::of("1990").unwrap();
        let may = DateRange::of("1990.05").unwrap();
        let day = DateRange::of("1990.05.12").unwrap();
        let unknown_day = DateRange::of("1990.05.??").unwrap();
        assert_eq!(may, unknown_day);
        assert!(year.compare(Op::Eq, day) && day.compare(Op::Eq, may));
        assert!(day.compare(Op::Ge, year) && day.compare(Op::Le, year));
        assert!(!day.compare(Op::Gt, year) && !day.compare(Op::Lt, year));
        assert_eq!(DateRange::of("2016-03-09,10").unwrap().first, (2016, 3, 9));
        assert_eq!(DateRange::of("90.05.12"), None);
        assert_eq!(DateRange::of("1990.13"), None);
    }

    #[test]
    fn numbers_are_plain_numbers_only() {
        assert_eq!(number("7.5"), Some(7.5));
        assert_eq!(number("-3"), Some(-3.0));
        assert_eq!(number("1990.05.12"), None);
        assert_eq!(number("B+R"), None);
        assert_eq!(number("."), None);
    }

    #[test]
    fn deep_nesting_and_random_text_never_panic() {
        let deep = format!("{}a = 1{}", "(".repeat(90), ")".repeat(90));
        assert!(Selection::parse(&deep).is_ok());
        let deeper = format!("{}a = 1{}", "(".repeat(100_000), ")".repeat(100_000));
        let error = Selection::parse(&deeper).unwrap_err();
        assert_eq!(
            (error.at(), error.to_string().as_str()),
            (100, "more than 100 levels of `(` and `not`")
        );
        let nots = format!("{}a = 1", "not ".repeat(50));
        assert!(Selection::parse(&nots).is_ok());
        let alphabet = [
            '(', ')', 'a', ' ', '=', '"', '\'', '\\', '~', '<', '!', 'n', 'o', 't', '中',
        ];
        let mut state = 0x9e37_79b9_u32;
        for _ in 0..2000 {
            let text: String = (0..(state % 24))
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    alphabet[state as usize % alphabet.len()]
                })
                .collect();
            if let Err(error) = Selection::parse(&text) {
                assert!(
                    error.at() <= text.len() && text.is_char_boundary(error.at()),
                    "{text}"
                );
            }
        }
    }
}
