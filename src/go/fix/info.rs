//! Game information in its SGF forms: `DT` as `YYYY-MM-DD` (`14 apr 97` → `1997-04-14`,
//! `12th and 13th march 94` → `1994-03-12,13`), `RE` (`black wins by resignation` →
//! `B+R`), `KM` in points (`KM[650]` → `KM[6.5]`, `KM[5 1/2]` → `KM[5.5]`), `TM` in
//! seconds (`9 hours` → `32400`). Each only when the new form reads back as the same value.

use crate::go::properties::is_date_list;
use crate::go::scoring::{parse_result, Komi};

/// What becomes of a value: kept, written anew, or dropped as unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    Keep,
    New(String),
    Unreadable,
}

/// `DT` in its `FF[4]` form, `None` when it is in it or cannot be read.
pub(super) fn date(dt: &str) -> Option<String> {
    (!is_date_list(dt)).then(|| normal_date(dt)).flatten()
}

/// `RE` in its SGF form, `None` when it is in it or cannot be read. Only a form that reads
/// back as the same result is written: a margin of 5.75 would read back as stones.
pub(super) fn result(re: &str) -> Option<String> {
    parse_result(re)
        .or_else(|_| parse_result(&sentence_result(re).ok_or(())?).map_err(|_| ()))
        .ok()
        .filter(|r| parse_result(&r.to_string()).as_ref() == Ok(r))
        .map(|r| r.to_string())
        .filter(|r| r != re)
}

/// `KM` in points: kept when it is, written anew when it reads as another form, unreadable
/// when it is no number.
pub(super) fn komi(km: &str) -> Reading {
    let komi =
        Komi::parse(km).or_else(|_| Komi::parse(&fraction_form(km).ok_or(())?).map_err(drop));
    let Ok(komi) = komi else {
        return Reading::Unreadable;
    };
    let points = komi.points();
    let text = format!("{points}");
    if text == km.trim() {
        Reading::Keep
    } else if Komi::parse(&text).is_ok_and(|k| k.points() == points) {
        Reading::New(text)
    } else {
        Reading::Keep
    }
}

/// `TM` in seconds from a number with a unit (`9 hours`, `90 min`, `1.5h`); `None` when
/// it is a number already or cannot be read so.
pub(super) fn time(tm: &str) -> Option<String> {
    let text: String = tm
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let digits = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let seconds = match unit {
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        _ => return None,
    };
    let number: f64 = number.parse().ok()?;
    // A tenth of a second at most, as SGFC writes.
    let total = (number * seconds * 10.0).round() / 10.0;
    Some(format!("{total}"))
}

/// `5 1/2` in the form [`Komi::parse`] reads: `5又1/2`.
fn fraction_form(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [whole, fraction, ref unit @ ..]
            if whole.bytes().all(|b| b.is_ascii_digit()) && fraction.contains('/') =>
        {
            Some(
                format!("{whole}又{fraction} {}", unit.join(" "))
                    .trim()
                    .to_string(),
            )
        }
        _ => None,
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
    let margin = fraction_form(margin).unwrap_or_else(|| margin.to_string());
    Some(format!("{winner}+{}", margin.trim()))
}

/// `DT` in the `YYYY-MM-DD` form, from the forms records hold: `1997/04/14`,
/// `1997.4.14`, `1997年4月14日`, `14.04.1997`, `14 apr 97`, `April 14, 1997`, and days of
/// one month (`12th and 13th march 94` → `1994-03-12,13`). A two-digit year is of the
/// 1900s from 50 on, else of the 2000s. `None` when it is none of these.
pub fn normal_date(dt: &str) -> Option<String> {
    let words: Vec<&str> = dt
        .split(|c: char| !c.is_alphanumeric())
        .flat_map(split_cjk_date)
        .filter(|w| !w.is_empty())
        .collect();
    if let Some(date) = named_month_date(&words) {
        return Some(date);
    }
    let number = |w: &str| {
        w.parse::<u32>()
            .ok()
            .filter(|_| w.bytes().all(|b| b.is_ascii_digit()))
    };
    let (y, m, d) = match words[..] {
        [a, b, c] if a.len() == 4 => (year(a)?, month(b)?, number(c)?),
        [a, b, c] if c.len() == 4 => (year(c)?, month(b)?, number(a)?),
        _ => return None,
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// A date with its month named: one month, one year (four digits, else the last plain
/// number after the month), the other numbers its days (`12th`, `13`); `and`, `the`,
/// `of` between them.
fn named_month_date(words: &[&str]) -> Option<String> {
    let mut month = None;
    // (value, digits, written as an ordinal or before the month: not a two-digit year)
    let mut numbers: Vec<(u32, usize, bool)> = Vec::new();
    for word in words {
        let lower = word.to_ascii_lowercase();
        let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &lower[digits.len()..];
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            if !matches!(suffix, "" | "st" | "nd" | "rd" | "th") {
                return None;
            }
            let day_only = !suffix.is_empty() || month.is_none();
            numbers.push((digits.parse().ok()?, digits.len(), day_only));
        } else if let Some(m) = month_name(word) {
            if month.replace(m).is_some() {
                return None;
            }
        } else if !matches!(lower.as_str(), "and" | "the" | "of") {
            return None;
        }
    }
    let month = month?;
    let at = numbers
        .iter()
        .position(|&(_, len, _)| len == 4)
        .or_else(|| numbers.iter().rposition(|&(_, len, ord)| len == 2 && !ord))?;
    let (y, len, _) = numbers.remove(at);
    let y = match len {
        4 => y,
        _ if y >= 50 => 1900 + y,
        _ => 2000 + y,
    };
    if numbers.is_empty() || numbers.iter().any(|&(d, _, _)| !(1..=31).contains(&d)) {
        return None;
    }
    let days: Vec<String> = numbers.iter().map(|(d, _, _)| format!("{d:02}")).collect();
    Some(format!("{y:04}-{month:02}-{}", days.join(",")))
}

fn year(w: &str) -> Option<u32> {
    let n: u32 = w
        .parse()
        .ok()
        .filter(|_| w.bytes().all(|b| b.is_ascii_digit()))?;
    match w.len() {
        4 => Some(n),
        2 if n >= 50 => Some(1900 + n),
        2 => Some(2000 + n),
        _ => None,
    }
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
        for unreadable in [
            "a sunny afternoon last summer",
            "1997",
            "14/13/1997",
            "32 jan 1990",
        ] {
            assert_eq!(normal_date(unreadable), None, "{unreadable}");
        }
    }

    #[test]
    fn named_months_and_several_days() {
        assert_eq!(
            normal_date("12th and 13th march 94").as_deref(),
            Some("1994-03-12,13")
        );
        assert_eq!(
            normal_date("the 1st of May 2001").as_deref(),
            Some("2001-05-01")
        );
        assert_eq!(normal_date("march 94"), None);
        assert_eq!(normal_date("12 and 13 march"), None);
    }

    #[test]
    fn komi_time_result() {
        assert_eq!(komi("5 1/2"), Reading::New("5.5".into()));
        assert_eq!(komi("650"), Reading::New("6.5".into()));
        assert_eq!(komi("6.5"), Reading::Keep);
        assert_eq!(komi("five"), Reading::Unreadable);
        assert_eq!(time("9 hours").as_deref(), Some("32400"));
        assert_eq!(time("90 min").as_deref(), Some("5400"));
        assert_eq!(time("1.5h").as_deref(), Some("5400"));
        assert_eq!(time("3600"), None);
        assert_eq!(time("1h 30m"), None);
        assert_eq!(result("black wins by resignation").as_deref(), Some("B+R"));
        assert_eq!(result("B+R"), None);
    }
}
