//! Area scoring (数子法, Chinese rules 2002 第9条), komi, recorded results and their check.
//!
//! Under area scoring a player owns their stones and the empty points that only their stones
//! surround; on a 19×19 board 180.5 points is the half (归本数). Komi of 3¾ stones is 7.5 points,
//! and in a handicap game Black gives back half a stone (one point) per handicap stone.
//! The count here assumes that every stone on the board is alive: dead stones must already have
//! been removed, as a record that ends with two passes and a settled board has them.

use std::fmt;

use super::board::{Board, Color};

/// Area of each side on a board, every stone counted as alive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AreaCount {
    /// Black stones plus empty points bordered by Black only.
    pub black: u32,
    /// White stones plus empty points bordered by White only.
    pub white: u32,
    /// Empty points in regions that touch both colours, or no stone at all.
    pub neutral: u32,
}

/// Counts the area of both sides. Regions are flood-filled with an explicit stack.
pub fn count_area(board: &Board) -> AreaCount {
    let (width, height) = (usize::from(board.width()), usize::from(board.height()));
    let mut count = AreaCount {
        black: 0,
        white: 0,
        neutral: 0,
    };
    // The stones row by row, read off the board once: the fill looks at a point up to five
    // times.
    let stones: Vec<Option<Color>> = board.points().map(|point| board.get(point)).collect();
    let mut seen = vec![false; stones.len()];
    let mut stack = Vec::new();
    for (index, &stone) in stones.iter().enumerate() {
        match stone {
            Some(Color::Black) => count.black += 1,
            Some(Color::White) => count.white += 1,
            None if !seen[index] => {
                seen[index] = true;
                stack.push(index);
                let (mut size, mut black, mut white) = (0u32, false, false);
                while let Some(i) = stack.pop() {
                    size += 1;
                    for n in neighbours(i, width, height) {
                        match stones[n] {
                            Some(Color::Black) => black = true,
                            Some(Color::White) => white = true,
                            None => {
                                if !seen[n] {
                                    seen[n] = true;
                                    stack.push(n);
                                }
                            }
                        }
                    }
                }
                match (black, white) {
                    (true, false) => count.black += size,
                    (false, true) => count.white += size,
                    _ => count.neutral += size,
                }
            }
            None => {}
        }
    }
    count
}

/// The neighbours of the point at `index` (row-major) on a board of `width` × `height`.
fn neighbours(index: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (index % width, index / width);
    [
        (x > 0).then(|| index - 1),
        (x + 1 < width).then(|| index + 1),
        (y > 0).then(|| index - width),
        (y + 1 < height).then(|| index + width),
    ]
    .into_iter()
    .flatten()
}

/// The unit a komi was written in, as [`Komi::parse`] understood it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KomiUnit {
    /// Points, as SGF prescribes (`7.5`).
    Points,
    /// Stones, the Chinese unit, one stone being two points (`3.75`, GoGoD; `3又3/4子`).
    Stones,
    /// Hundredths of points (`750`, Fox).
    HundredthsOfPoints,
    /// Hundredths of stones (`375`, Fox).
    HundredthsOfStones,
}

/// A komi normalised to points, with the text it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Komi {
    raw: String,
    points: f64,
    unit: KomiUnit,
}

/// A komi text that is not a number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KomiError {
    /// The text as written.
    pub raw: String,
}

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "komi {:?} is not a number", self.raw)
    }
}

impl std::error::Error for KomiError {}

impl Komi {
    /// No komi.
    pub fn zero() -> Komi {
        Komi::from_points(0.0)
    }

    /// A komi given in points.
    pub fn from_points(points: f64) -> Komi {
        Komi {
            raw: points.to_string(),
            points,
            unit: KomiUnit::Points,
        }
    }

    /// Reads the text of an SGF `KM` property and normalises it to points.
    ///
    /// Archives write komi in three units, told apart by a heuristic that holds for every komi
    /// used in practice (which are whole or half points, or quarter stones):
    /// - a whole number of magnitude 50 or more is Fox's hundredths (`375`, `750`, `50`), as no
    ///   game gives that many points; after dividing by 100 a value with a quarter (`3.75`) is in
    ///   stones, otherwise (`7.5`, `0.5`) in points;
    /// - otherwise a value ending in a quarter (`3.75`, `3.25`, `2.75`) is in stones (GoGoD),
    ///   since komi in points is always a whole or half number;
    /// - a unit written after the number decides instead: `子` stones, `目`/`点` points;
    /// - anything else is points (`7.5`, `6.5`, `0`, `-5.5`).
    ///
    /// Stones count two points each. A decimal comma (`6,5`) and Chinese forms (`3又3/4`, `7目半`)
    /// are read too.
    pub fn parse(raw: &str) -> Result<Komi, KomiError> {
        let error = || KomiError {
            raw: raw.to_owned(),
        };
        let amount = parse_amount(raw.trim()).ok_or_else(error)?;
        let (points, unit) = match amount.unit {
            Some(AmountUnit::Stones) => (amount.value * 2.0, KomiUnit::Stones),
            Some(AmountUnit::Points) => (amount.value, KomiUnit::Points),
            None if amount.value.abs() >= 50.0 && amount.value.fract() == 0.0 => {
                let hundredths = amount.value / 100.0;
                if has_quarter(hundredths) {
                    (hundredths * 2.0, KomiUnit::HundredthsOfStones)
                } else {
                    (hundredths, KomiUnit::HundredthsOfPoints)
                }
            }
            None if has_quarter(amount.value) => (amount.value * 2.0, KomiUnit::Stones),
            None => (amount.value, KomiUnit::Points),
        };
        Ok(Komi {
            raw: raw.to_owned(),
            points,
            unit,
        })
    }

    /// The komi in points (White receives this many).
    pub fn points(&self) -> f64 {
        self.points
    }

    /// The text the komi was read from.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The unit the text was taken to be in.
    pub fn unit(&self) -> KomiUnit {
        self.unit
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} points", self.points)
    }
}

/// Whether `value` has a fractional part of ¼ or ¾.
fn has_quarter(value: f64) -> bool {
    let quarters = value.abs() * 4.0;
    quarters.fract() == 0.0 && quarters % 2.0 == 1.0
}

/// What a handicap is worth to White in points: Chinese practice has Black give back half a
/// stone (one point) per handicap stone.
pub fn handicap_compensation(handicap: u32) -> f64 {
    f64::from(handicap)
}

/// The count of a finished board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AreaScore {
    /// Black's area (stones and surrounded points).
    pub black: u32,
    /// White's area.
    pub white: u32,
    /// Komi in points given to White.
    pub komi: f64,
    /// Handicap compensation in points given to White.
    pub handicap_compensation: f64,
}

impl AreaScore {
    /// Black's lead in points after komi and compensation; negative when White leads.
    pub fn margin(&self) -> f64 {
        f64::from(self.black) - f64::from(self.white) - self.komi - self.handicap_compensation
    }

    /// The result this count gives.
    pub fn result(&self) -> GameResult {
        let margin = self.margin();
        if margin == 0.0 {
            GameResult::Draw
        } else {
            GameResult::Win {
                winner: if margin > 0.0 {
                    Color::Black
                } else {
                    Color::White
                },
                by: WinBy::Points(margin.abs()),
            }
        }
    }
}

impl fmt::Display for AreaScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Black {} points, White {} points, komi {}",
            self.black, self.white, self.komi
        )?;
        if self.handicap_compensation != 0.0 {
            write!(f, ", handicap compensation {}", self.handicap_compensation)?;
        }
        write!(f, ": {}", self.result())
    }
}

/// Scores a finished board by area, with `komi` and `handicap` stones. `None` when some empty
/// region touches both colours (or none): the game is unfinished or its dead stones are still on
/// the board, so no count can be made. Seki points shared between both sides also give `None`.
pub fn score(board: &Board, komi: &Komi, handicap: u32) -> Option<AreaScore> {
    let count = count_area(board);
    (count.neutral == 0).then_some(AreaScore {
        black: count.black,
        white: count.white,
        komi: komi.points(),
        handicap_compensation: handicap_compensation(handicap),
    })
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WinBy {
    /// By this many points (results in stones are converted, one stone being two points).
    Points(f64),
    /// The opponent resigned (中盘胜).
    Resignation,
    /// The opponent lost on time.
    Time,
    /// The opponent forfeited.
    Forfeit,
    /// The record names the winner only (`B+`, `黑胜`).
    Unspecified,
}

/// A game result as SGF's `RE` records it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (`0`, `Draw`, `和棋`).
    Draw,
    /// No result (`Void`, `无胜负`).
    Void,
    /// Unknown (`?`).
    Unknown,
}

impl fmt::Display for GameResult {
    /// The SGF form: `B+R`, `W+3.5`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                write!(f, "{}+", winner.letter())?;
                match by {
                    WinBy::Points(points) => write!(f, "{points}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
        }
    }
}

/// A result text that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultError {
    /// The text as written.
    pub raw: String,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "result {:?} is not understood", self.raw)
    }
}

impl std::error::Error for ResultError {}

/// Reads an SGF `RE` value.
///
/// SGF forms (letters in any case): `B+R`/`B+Resign`, `W+T`/`W+Time`, `B+F`/`B+Forfeit`,
/// `W+3.5`, `B+` (winner only), `0`/`Draw`/`Jigo`, `Void`, `?`. Chinese and Japanese forms:
/// `黑胜`, `白胜3又1/4子`, `黑中盘胜`, `白超时胜`, `和棋`, `无胜负`, `白の5目半勝ち`, `黒中押し勝ち`.
/// Margins in stones (`子`, or a number ending in a quarter such as `B+0.75`, see
/// [`Komi::parse`]) are converted to points.
pub fn parse_result(raw: &str) -> Result<GameResult, ResultError> {
    let error = || ResultError {
        raw: raw.to_owned(),
    };
    let text = raw.trim();
    let lower = text.to_lowercase();
    match lower.as_str() {
        "?" => return Ok(GameResult::Unknown),
        "0" | "draw" | "jigo" | "和" | "和棋" | "和局" | "持碁" => {
            return Ok(GameResult::Draw)
        }
        "void" | "无胜负" | "無勝負" | "no result" => return Ok(GameResult::Void),
        _ => {}
    }
    if let Some((winner, rest)) = lower.split_once('+') {
        let winner = match winner.trim() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            _ => return Err(error()),
        };
        let by = match rest.trim() {
            "" => WinBy::Unspecified,
            "r" | "resign" | "resignation" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            margin => WinBy::Points(amount_in_points(margin).ok_or_else(error)?),
        };
        return Ok(GameResult::Win { winner, by });
    }
    parse_cjk_result(text).ok_or_else(error)
}

/// Chinese or Japanese results: a winner (黑/黒/白), a verb (胜/勝), and a way or a margin.
fn parse_cjk_result(text: &str) -> Option<GameResult> {
    let mut chars = text.chars();
    let winner = match chars.next()? {
        '黑' | '黒' => Color::Black,
        '白' => Color::White,
        _ => return None,
    };
    let rest: String = chars
        .filter(|c| !c.is_whitespace())
        .filter(|c| {
            !matches!(
                c,
                '胜' | '勝' | 'ち' | 'の' | '方' | '(' | ')' | '（' | '）'
            )
        })
        .collect();
    let has = |words: &[&str]| words.iter().any(|w| rest.contains(w));
    let by = if rest.is_empty() {
        WinBy::Unspecified
    } else if has(&["中盘", "中盤", "中押", "认输", "認輸", "投了"]) {
        WinBy::Resignation
    } else if has(&["超时", "超時", "时间", "時間"]) {
        WinBy::Time
    } else if has(&["弃权", "棄權", "不战", "不戰", "不戦"]) {
        WinBy::Forfeit
    } else {
        WinBy::Points(amount_in_points(&rest)?)
    };
    Some(GameResult::Win { winner, by })
}

/// A non-negative margin in points; stones are recognised as [`Komi::parse`] does.
fn amount_in_points(text: &str) -> Option<f64> {
    let amount = parse_amount(text)?;
    let points = match amount.unit {
        Some(AmountUnit::Stones) => amount.value * 2.0,
        Some(AmountUnit::Points) => amount.value,
        None if has_quarter(amount.value) => amount.value * 2.0,
        None => amount.value,
    };
    (points >= 0.0).then_some(points)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AmountUnit {
    Stones,
    Points,
}

struct Amount {
    value: f64,
    unit: Option<AmountUnit>,
}

/// Reads `7.5`, `6,5`, `-5.5`, `3又1/4`, `1/4`, `3¾`, `5目半`, `2子半`, `3.75子`.
fn parse_amount(text: &str) -> Option<Amount> {
    // Nearly every amount is a plain decimal (`6.5`): read at once, as the end of the
    // general path below would, without looking for units and fractions.
    let (negative, digits) = match text.trim().strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.trim()),
    };
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        let value = digits.parse::<f64>().ok().filter(|v| v.is_finite())?;
        return Some(Amount {
            value: if negative { -value } else { value },
            unit: None,
        });
    }
    let mut unit = None;
    let mut half = false;
    let mut body = text.trim();
    // The unit and 半 (a half) may come in either order after the number.
    loop {
        if let Some(rest) = body.strip_suffix('半') {
            half = true;
            body = rest;
        } else if let Some(rest) = body.strip_suffix('子') {
            unit = Some(AmountUnit::Stones);
            body = rest;
        } else if let Some(rest) = ["目", "点", "點", "points", "point", "pts"]
            .iter()
            .find_map(|u| body.strip_suffix(u))
        {
            unit = Some(AmountUnit::Points);
            body = rest;
        } else {
            break;
        }
        body = body.trim_end();
    }
    let (negative, body) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let mut value = if let Some((whole, fraction)) = body.split_once('又') {
        parse_unsigned(whole)? + parse_fraction(fraction)?
    } else if body.contains('/') {
        parse_fraction(body)?
    } else if let Some(last) = body.chars().last().filter(|c| matches!(c, '¼' | '½' | '¾')) {
        let whole = &body[..body.len() - last.len_utf8()];
        let whole = if whole.is_empty() {
            0.0
        } else {
            parse_unsigned(whole)?
        };
        whole
            + match last {
                '¼' => 0.25,
                '½' => 0.5,
                _ => 0.75,
            }
    } else if body.is_empty() && half {
        0.0
    } else {
        parse_unsigned(&body.replace(',', "."))?
    };
    if half {
        value += 0.5;
    }
    Some(Amount {
        value: if negative { -value } else { value },
        unit,
    })
}

fn parse_unsigned(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn parse_fraction(text: &str) -> Option<f64> {
    let (numerator, denominator) = text.split_once('/')?;
    let denominator = parse_unsigned(denominator)?;
    (denominator != 0.0).then(|| parse_unsigned(numerator).map(|n| n / denominator))?
}

/// Why a recorded result cannot be checked against the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unverifiable {
    /// The record does not end with two passes in a row.
    NotEndedByPasses,
    /// Some empty region touches both colours (dead stones left on the board, or dame).
    Contested,
    /// The game was decided otherwise than by counting (resignation, time, forfeit).
    NotByCount,
    /// The record gives no result (`Void`, `?`).
    NoResult,
}

impl fmt::Display for Unverifiable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unverifiable::NotEndedByPasses => "the game does not end with two passes",
            Unverifiable::Contested => {
                "some empty points touch both colours, so the final position cannot be counted"
            }
            Unverifiable::NotByCount => "the game was not decided by counting",
            Unverifiable::NoResult => "the record gives no result",
        })
    }
}

impl crate::lang::ToZh for Unverifiable {
    fn to_zh(&self) -> crate::lang::Zh {
        crate::lang::Zh::own(match self {
            Unverifiable::NotEndedByPasses => "对局不是以双方连续虚着结束的",
            Unverifiable::Contested => "有空点同时与黑白两色相邻，终局局面无法计数",
            Unverifiable::NotByCount => "对局不是以数子决定胜负的",
            Unverifiable::NoResult => "棋谱没有给出结果",
        })
    }
}

/// The outcome of comparing a recorded result with the count of the final board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResultCheck {
    /// The count gives the recorded result.
    Matches,
    /// The count gives another result.
    Mismatch {
        /// The result in the record.
        recorded: GameResult,
        /// The result of the count.
        counted: GameResult,
    },
    /// The result cannot be verified from the record.
    CannotVerify(Unverifiable),
}

impl fmt::Display for ResultCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultCheck::Matches => f.write_str("the recorded result matches the count"),
            ResultCheck::Mismatch { recorded, counted } => write!(
                f,
                "the record says {recorded} but the final position counts {counted}"
            ),
            ResultCheck::CannotVerify(reason) => {
                write!(f, "the result cannot be verified: {reason}")
            }
        }
    }
}

/// Compares `recorded` with the area count of `board` after the game's last move. Only a game
/// that ended with two passes on a settled board can be checked; a result that names the winner
/// only is checked for the winner.
pub fn check_result(
    recorded: &GameResult,
    board: &Board,
    komi: &Komi,
    handicap: u32,
) -> ResultCheck {
    let recorded = *recorded;
    match recorded {
        GameResult::Void | GameResult::Unknown => {
            return ResultCheck::CannotVerify(Unverifiable::NoResult)
        }
        GameResult::Win {
            by: WinBy::Resignation | WinBy::Time | WinBy::Forfeit,
            ..
        } => return ResultCheck::CannotVerify(Unverifiable::NotByCount),
        _ => {}
    }
    if board.consecutive_passes() < 2 {
        return ResultCheck::CannotVerify(Unverifiable::NotEndedByPasses);
    }
    let Some(count) = score(board, komi, handicap) else {
        return ResultCheck::CannotVerify(Unverifiable::Contested);
    };
    let counted = count.result();
    let matches = match (recorded, counted) {
        (GameResult::Draw, GameResult::Draw) => true,
        (
            GameResult::Win { winner, by },
            GameResult::Win {
                winner: counted_winner,
                by: counted_by,
            },
        ) if winner == counted_winner => match (by, counted_by) {
            (WinBy::Points(a), WinBy::Points(b)) => (a - b).abs() < 1e-9,
            _ => true,
        },
        _ => false,
    };
    if matches {
        ResultCheck::Matches
    } else {
        ResultCheck::Mismatch { recorded, counted }
    }
}
