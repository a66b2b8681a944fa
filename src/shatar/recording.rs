//! The rulebook's recording penalties (seed 000, competition rules, 违例 item 6): in a game
//! that must be recorded, mis-recording or not recording 4 rounds in a row may be judged one
//! 违例, 8 two (and the record completed in the player's own time), 12 a loss; no record is
//! owed in the last five minutes of a player's time. From the nearest legal game that
//! `--repair` finds, each player's rounds that were repaired are counted, and the longest
//! run of them in a row; qipu states the count and the rule, the arbiter decides.

use super::types::Color;
use crate::diag::{Diagnostic, EditKind, Issue, Repaired, Severity, Side, Words};
use crate::lang::{zh, Lang};

/// Rounds in a row at which the rule gives one 违例.
const ONE_FAULT: u32 = 4;
/// Rounds in a row at which it gives two.
const TWO_FAULTS: u32 = 8;
/// Rounds in a row at which it gives the loss of the game.
const LOSS: u32 = 12;

/// What the rule provides for a run of mis-recorded or unrecorded rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provision {
    /// Fewer than 4 rounds in a row: nothing.
    Nothing,
    /// 4 to 7: one 违例.
    OneFault,
    /// 8 to 11: two 违例, and the record completed in the player's own time.
    TwoFaults,
    /// 12 or more: the game lost.
    Loss,
}

impl Provision {
    fn of(run: u32) -> Provision {
        match run {
            r if r >= LOSS => Provision::Loss,
            r if r >= TWO_FAULTS => Provision::TwoFaults,
            r if r >= ONE_FAULT => Provision::OneFault,
            _ => Provision::Nothing,
        }
    }
}

/// One player's mis-recorded and unrecorded rounds, as the nearest legal game shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordingErrors {
    /// The player whose moves they are.
    pub side: Color,
    /// The move numbers of the rounds whose move of this player was repaired.
    pub rounds: Vec<u32>,
    /// The longest run of consecutive such rounds: its first and last move numbers.
    pub longest: (u32, u32),
    /// What the rule provides for the longest run.
    pub provision: Provision,
    /// The move number from which the record could not be followed, if it could not be
    /// to its end: those rounds are not counted.
    pub unfollowed_from: Option<u32>,
}

impl RecordingErrors {
    fn run_length(&self) -> u32 {
        self.longest.1 - self.longest.0 + 1
    }
}

/// A note per player whose moves were repaired, from the diagnostics of a record read
/// with repair; none where nothing was repaired.
pub(super) fn recording_errors(diagnostics: &[Diagnostic], stopped: bool) -> Vec<RecordingErrors> {
    let unfollowed_from = stopped
        .then(|| {
            diagnostics
                .iter()
                .rev()
                .find(|d| d.severity == Severity::Error && d.move_number.is_some())
                .and_then(|d| d.move_number)
        })
        .flatten();
    [Color::White, Color::Blue]
        .into_iter()
        .filter_map(|color| {
            let side = super::validate::side(color);
            let mut rounds: Vec<u32> = diagnostics
                .iter()
                .filter(|d| d.side == Some(side))
                .filter_map(|d| Some((d.move_number?, d.kind.game_issue::<Repaired>()?)))
                .flat_map(|(number, repaired)| {
                    // A swap puts two of the player's moves in the wrong round.
                    let swapped = repaired.edit == EditKind::Swapped;
                    std::iter::once(number).chain(swapped.then_some(number + 1))
                })
                .collect();
            rounds.sort_unstable();
            rounds.dedup();
            let longest = longest_run(&rounds)?;
            Some(RecordingErrors {
                side: color,
                provision: Provision::of(longest.1 - longest.0 + 1),
                rounds,
                longest,
                unfollowed_from,
            })
        })
        .collect()
}

/// The first longest run of consecutive numbers in `sorted`.
fn longest_run(sorted: &[u32]) -> Option<(u32, u32)> {
    let mut best: Option<(u32, u32)> = None;
    let mut start = *sorted.first()?;
    for pair in sorted.windows(2) {
        if pair[1] != pair[0] + 1 {
            keep_longer(&mut best, (start, pair[0]));
            start = pair[1];
        }
    }
    keep_longer(&mut best, (start, *sorted.last()?));
    best
}

fn keep_longer(best: &mut Option<(u32, u32)>, run: (u32, u32)) {
    if best.is_none_or(|(a, b)| run.1 - run.0 > b - a) {
        *best = Some(run);
    }
}

/// The player's name in English and Chinese.
fn names(side: Side) -> (&'static str, &'static str) {
    if side == Side::White {
        ("White", "白方")
    } else {
        ("Blue", "蓝方")
    }
}

impl Issue for RecordingErrors {
    fn code(&self) -> &'static str {
        "recording-errors"
    }

    fn words(&self, lang: Lang) -> Words {
        let (name, name_zh) = names(super::validate::side(self.side));
        let count = self.rounds.len();
        let run = self.run_length();
        let (first, last) = self.longest;
        let rounds_en = |n: usize| {
            if n == 1 {
                "1 round".to_string()
            } else {
                format!("{n} rounds")
            }
        };
        let words = Words::new(
            lang,
            || {
                let longest = if run == 1 {
                    "none two in a row".to_string()
                } else {
                    format!("at most {run} in a row (moves {first}–{last})")
                };
                format!(
                    "{name}'s moves are mis-recorded or not recorded in {}, {longest}",
                    rounds_en(count)
                )
            },
            || {
                if run == 1 {
                    zh!(
                        "{}的着法有 {} 个回合错记或漏记，没有连续两个回合",
                        name_zh,
                        count
                    )
                } else {
                    zh!(
                        "{}的着法有 {} 个回合错记或漏记，最多连续 {} 个回合（第 {}–{} 回合）",
                        name_zh,
                        count,
                        run,
                        first,
                        last
                    )
                }
            },
        );
        let (provides, provides_zh) = match self.provision {
            Provision::Nothing => (
                "nothing for fewer than 4 in a row",
                "连续不足 4 个回合，不处罚",
            ),
            Provision::OneFault => ("one 违例 for 4 in a row", "连续 4 个回合可判违例一次"),
            Provision::TwoFaults => (
                "two 违例 for 8 in a row, the record completed in the player's own time",
                "连续 8 个回合可判违例二次（须用自己的时间补齐记录）",
            ),
            Provision::Loss => (
                "the loss of the game for 12 in a row",
                "连续 12 个回合直接判负",
            ),
        };
        let unfollowed = self.unfollowed_from;
        words.help(
            || {
                let mut help = format!(
                    "the rules (违例, item 6) provide {provides}; no record is owed in the last five minutes of a player's time, which the record does not show: the arbiter decides"
                );
                if let Some(from) = unfollowed {
                    help.push_str(&format!("; from move {from} the record could not be followed, and those rounds are not counted"));
                }
                help
            },
            || {
                let base = zh!(
                    "规则（违例第 6 条）：{}；最后五分钟内可不做记录，记录上看不出用时，由裁判员判定",
                    provides_zh
                );
                match unfollowed {
                    Some(from) => zh!("{}；自第 {} 回合起记录无法复盘，其后的回合未计入", base, from),
                    None => base,
                }
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Kind, Slip};

    fn repaired(number: u32, color: Color, edit: EditKind) -> Diagnostic {
        let repaired = Repaired {
            written: "Qf8—g7".into(),
            used: "Bf8—g7".into(),
            edit,
            evidence: None,
        };
        let ply = 2 * number - u32::from(color == Color::White);
        Diagnostic::new(Severity::Warning, Kind::game(repaired), None).at_ply(
            ply,
            number,
            super::super::validate::side(color),
        )
    }

    #[test]
    fn runs_are_counted_per_player() {
        let mut diagnostics: Vec<Diagnostic> = (10..14)
            .map(|n| repaired(n, Color::Blue, EditKind::Replaced(Slip::Piece)))
            .collect();
        diagnostics.push(repaired(
            3,
            Color::White,
            EditKind::Replaced(Slip::Destination),
        ));
        diagnostics.push(repaired(20, Color::Blue, EditKind::Missing));
        let notes = recording_errors(&diagnostics, false);
        assert_eq!(notes.len(), 2);
        assert_eq!(notes[0].side, Color::White);
        assert_eq!(notes[0].provision, Provision::Nothing);
        assert_eq!(notes[1].rounds, [10, 11, 12, 13, 20]);
        assert_eq!(notes[1].longest, (10, 13));
        assert_eq!(notes[1].provision, Provision::OneFault);
        assert_eq!(
            notes[1].message_in(Lang::En),
            "Blue's moves are mis-recorded or not recorded in 5 rounds, at most 4 in a row (moves 10–13)"
        );
    }

    #[test]
    fn a_swap_counts_two_rounds() {
        let diagnostics = [repaired(7, Color::White, EditKind::Swapped)];
        let notes = recording_errors(&diagnostics, false);
        assert_eq!(notes[0].rounds, [7, 8]);
        assert_eq!(notes[0].longest, (7, 8));
    }

    #[test]
    fn the_provisions_follow_the_rule() {
        assert_eq!(Provision::of(3), Provision::Nothing);
        assert_eq!(Provision::of(4), Provision::OneFault);
        assert_eq!(Provision::of(8), Provision::TwoFaults);
        assert_eq!(Provision::of(11), Provision::TwoFaults);
        assert_eq!(Provision::of(12), Provision::Loss);
    }

    #[test]
    fn nothing_repaired_is_no_note() {
        assert!(recording_errors(&[], true).is_empty());
    }
}
