//! Property (c) of `convert --fix` (fuzz/src/fix.rs, also the fuzz target `fix`) on
//! thousands of generated records: random Go trees carrying the damage SGFC corrects (mixed
//! nodes, two moves, root and game information out of place, values to repair or drop,
//! repeats, markup and setup twice, annotations that contradict), and byte-level mutations
//! of them. `--fix` twice equals `--fix` once, and the fixed output has no fixable issue.

use crate::support::rng::Rng;

#[path = "../../fuzz/src/fix.rs"]
mod fix;

const GENERATED: usize = 3000;
const MUTATED: usize = 1500;

/// A value from `choices`.
fn pick<'a>(rng: &mut Rng, choices: &[&'a str]) -> &'a str {
    choices[rng.below(choices.len())]
}

/// A point on the 19×19 board, most of the time near others (so that setup and markup
/// repeat).
fn point(rng: &mut Rng) -> String {
    let letter = |rng: &mut Rng| char::from(b'a' + rng.below(5) as u8);
    format!("{}{}", letter(rng), letter(rng))
}

/// One property, well formed or damaged.
fn property(rng: &mut Rng) -> String {
    let p = point(rng);
    let q = point(rng);
    match rng.below(34) {
        0..=5 => format!("{}[{p}]", pick(rng, &["B", "W"])),
        6 => format!(
            "{}[{}]",
            pick(rng, &["B", "W"]),
            pick(rng, &["c   c", "90", "tt", "", "zz", "ddd", " d d "])
        ),
        7 | 8 => format!("{}[{p}][{q}]", pick(rng, &["AB", "AW", "AE"])),
        9 => format!("{}[{p}:{q}]", pick(rng, &["AB", "AW", "AE"])),
        10 => format!("{}[]", pick(rng, &["AB", "AW", "AE", "MA", "CR"])),
        11 | 12 => format!(
            "{}[{p}][{q}][{p}]",
            pick(rng, &["MA", "TR", "CR", "SQ", "SL"])
        ),
        13 => format!("{}[{p}:{q}]", pick(rng, &["MA", "TR", "TB", "TW", "DD"])),
        14 => format!(
            "{}[{}]",
            pick(rng, &["LB", "AR", "LN"]),
            pick(rng, &["a a: c r", "aa", "f f:text", "aa:bb", "b b:x"])
        ),
        15 => format!(
            "{}[{}]",
            pick(rng, &["GB", "GW", "DM", "UC", "BM", "TE", "DO", "IT", "HO"]),
            pick(rng, &["1", "2", "", "x", "12", "3"])
        ),
        16 => format!(
            "{}[{}]",
            pick(rng, &["BL", "WL", "OB", "OW", "V", "MN"]),
            pick(rng, &["34.", "1 kk", "not much", "12", "-3", "1,5", ".5"])
        ),
        17 => format!("PL[{}]", pick(rng, &["w 123", "B", "b", "x", ""])),
        18 => format!("KO[{}]", pick(rng, &["", "xxxx"])),
        19 => format!(
            "{}[{}]",
            pick(rng, &["C", "N", "GC"]),
            pick(rng, &["", "   ", "text", "a\0b", "more\\]text"])
        ),
        20 => format!(
            "{}[{}]",
            pick(rng, &["SZ", "FF", "GM", "CA", "AP", "ST"]),
            pick(rng, &["19", "12", "4", "1", "UTF-8", "x:1"])
        ),
        21 => format!(
            "{}[{}]",
            pick(rng, &["PB", "PW", "GN", "EV", "RU", "HA", "KM"]),
            pick(rng, &["a", "b", "2", "6.5"])
        ),
        22 => format!(
            "DT[{}]",
            pick(
                rng,
                &[
                    "12th and 13th march 94",
                    "14 apr 97",
                    "2001-01-01",
                    "someday",
                    ""
                ]
            )
        ),
        23 => format!(
            "RE[{}]",
            pick(
                rng,
                &[
                    "black wins by 5 3/4 points",
                    "B+R",
                    "W+Resign",
                    "john wins",
                    ""
                ]
            )
        ),
        24 => format!("KM[{}]", pick(rng, &["5 1/2", "650", "7.5", "five", "34."])),
        25 => format!(
            "TM[{}]",
            pick(rng, &["9 hours", "90 min", "3600", "1h 30m", "soon"])
        ),
        26 => format!("{}[{p}][{q}]", pick(rng, &["L", "M"])),
        27 => format!("KI[{}]", pick(rng, &["11", "13", "x"])),
        28 => format!("{}[x]", "X".repeat(101 + rng.below(3))),
        29 => format!("VW[][{p}]"),
        30 => format!(
            "{}[{}]",
            pick(rng, &["XX", "LONGID"]),
            pick(rng, &["a", "b"])
        ),
        31 => format!("AddBlack[{p}]"),
        32 => "KM[7.5]KM[7.5]".to_string(),
        _ => "C[one]C[two]".to_string(),
    }
}

fn node(rng: &mut Rng) -> String {
    let mut text = ";".to_string();
    for _ in 0..1 + rng.below(4) {
        text.push_str(&property(rng));
    }
    text
}

/// A game tree of a few nodes and variations.
fn tree(rng: &mut Rng) -> String {
    let root = pick(
        rng,
        &[
            "GM[1]FF[4]SZ[19]",
            "GM[1]FF[4]",
            "FF[3]GM[1]SZ[19]",
            "GM[game of go]FF[4]SZ[-10]",
            "GM[1]SZ[19:19]",
            "GM[1]FF[1]SZ[19:25]",
            "GM[1]SZ[200]",
            "GM[1]SZ[10:53]",
            "GM[1]AP[foxwq]PB[x]",
        ],
    );
    let mut text = format!("(;{root}");
    if rng.below(2) == 0 {
        text.push_str(&property(rng));
    }
    let mut open = 0;
    for _ in 0..rng.below(12) {
        match rng.below(6) {
            0 => {
                text.push('(');
                open += 1;
            }
            1 if open > 0 => {
                text.push(')');
                open -= 1;
            }
            _ => text.push_str(&node(rng)),
        }
        if text.ends_with('(') {
            text.push_str(&node(rng));
        }
    }
    text.push_str(&")".repeat(open + 1));
    text
}

/// `text` with a few bytes changed: deleted, repeated, or one of the grammar's characters
/// put in.
fn mutate(rng: &mut Rng, text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        match rng.below(3) {
            0 => {
                bytes.remove(at);
            }
            1 => {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                let slice = bytes[at..end].to_vec();
                bytes.splice(at..at, slice);
            }
            _ => bytes.insert(at, b"()[];:\\ \n"[rng.below(9)]),
        }
    }
    bytes
}

#[test]
fn fix_twice_is_fix_once_on_generated_records() {
    let mut rng = Rng(0x5EED_F1C5);
    for _ in 0..GENERATED {
        let text = tree(&mut rng);
        fix::check_fix(text.as_bytes());
    }
}

#[test]
fn fix_twice_is_fix_once_on_mutated_records() {
    let mut rng = Rng(0xBAD5_EED5);
    for _ in 0..MUTATED {
        let text = format!("{}{}", tree(&mut rng), tree(&mut rng));
        fix::check_fix(&mutate(&mut rng, &text));
    }
}
