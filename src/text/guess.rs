//! Judging an encoding against bytes: how many sequences it cannot decode, whether it
//! keeps the record's structure where the ASCII bytes put it, and, without a trustworthy
//! declaration, which encoding the bytes most likely are.
//!
//! The structural rule is what keeps a wrong guess from corrupting a record. In GBK, Big5,
//! Shift_JIS and EUC-KR a trail byte may be an ASCII byte, so decoding in one of them can
//! take a `]` or a line end into a character: UTF-8 bytes with one truncated character,
//! read as GB18030, lose the `]` after the truncated name, and the next properties end up
//! inside its value. An encoding chosen on statistics must therefore leave every
//! structural token exactly where the ASCII bytes put it.

use super::count_bytes;
use encoding_rs::{
    DecoderResult, Encoding, BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_8, WINDOWS_1252,
};

/// The syntax whose structure decoding must not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// SGF: `(`, `)`, `;` and `[` outside values, `]` and `\` inside them.
    Sgf,
    /// PGN, PDN and scoresheets: `[ ] ( ) ;`, strings `"…"`, comments `{…}`, line ends.
    Text,
}

/// "A few" malformed sequences: at most one for every `FEW` well-formed non-ASCII
/// characters. Legacy CJK text read as UTF-8 happens to form a valid sequence for about
/// one character in eleven, so it is never "UTF-8 with a few bad bytes"; a UTF-8 file with
/// a truncated character in one name among a few more is.
const FEW: usize = 4;

/// How bytes decode in one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fit {
    /// Sequences the encoding cannot decode.
    pub malformed: usize,
    /// Non-ASCII characters decoded.
    pub well_formed: usize,
}

impl Fit {
    pub fn clean(self) -> bool {
        self.malformed == 0
    }

    /// No malformed sequence, or a few relative to the well-formed characters (see [`FEW`]).
    pub fn few_malformed(self) -> bool {
        self.malformed * FEW <= self.well_formed
    }

    /// More malformed sequences than well-formed characters: legacy text read as UTF-8,
    /// not UTF-8 with a name cut short.
    pub fn mostly_malformed(self) -> bool {
        self.malformed > self.well_formed
    }
}

/// Counts what `encoding` makes of `bytes`, decoding into a small reused buffer.
pub(super) fn fit(bytes: &[u8], encoding: &'static Encoding) -> Fit {
    fit_until(bytes, encoding, |_, _| false)
}

/// Whether `encoding` decodes `bytes` with a few malformed sequences at most
/// ([`Fit::few_malformed`]). Legacy text read as UTF-8 shows it early: the decoding stops
/// once the bytes left could not hold enough characters to make up for what is malformed.
pub(super) fn few_malformed(bytes: &[u8], encoding: &'static Encoding) -> bool {
    fit_until(bytes, encoding, |fit, most_left| {
        fit.malformed * FEW > fit.well_formed + most_left
    })
    .few_malformed()
}

/// Whether `encoding` decodes `bytes` without a malformed sequence (stopping at the first).
pub(super) fn decodes_cleanly(bytes: &[u8], encoding: &'static Encoding) -> bool {
    fit_until(bytes, encoding, |fit, _| fit.malformed > 0).clean()
}

/// [`fit`], stopped early where `settled` says so, given the fit so far and the most
/// non-ASCII characters the bytes left can hold (a UTF-8 one takes two bytes of 0x80 or
/// more).
fn fit_until(
    bytes: &[u8],
    encoding: &'static Encoding,
    settled: impl Fn(Fit, usize) -> bool,
) -> Fit {
    if encoding == UTF_8 {
        return utf8_fit(bytes, settled);
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buffer = [0u8; 4096];
    let mut fit = Fit {
        malformed: 0,
        well_formed: 0,
    };
    let mut read_total = 0;
    loop {
        let (result, read, written) =
            decoder.decode_to_utf8_without_replacement(&bytes[read_total..], &mut buffer, true);
        read_total += read;
        // Every non-ASCII character has exactly one UTF-8 lead byte.
        fit.well_formed += buffer[..written].iter().filter(|b| **b >= 0xC0).count();
        match result {
            DecoderResult::InputEmpty => return fit,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(..) => fit.malformed += 1,
        }
        if settled(fit, bytes.len() - read_total) {
            return fit;
        }
    }
}

/// [`fit`] for UTF-8, sequence by sequence: legacy text read as UTF-8 is malformed every
/// few bytes, where a validator called again after each error would cost more than the
/// bytes. A malformed sequence is as long as `std::str::from_utf8` says (its maximal part
/// that could start a character).
fn utf8_fit(bytes: &[u8], settled: impl Fn(Fit, usize) -> bool) -> Fit {
    let mut fit = Fit {
        malformed: 0,
        well_formed: 0,
    };
    // The bytes of 0x80 or more left, which bound the characters to come far closer than
    // the bytes left do in text that is mostly ASCII: counted once a sequence is
    // malformed (valid text needs no bound).
    let mut high_left: Option<usize> = None;
    let mut at = 0;
    while at < bytes.len() {
        // ASCII eight bytes at a time.
        while let Some(word) = bytes.get(at..at + 8) {
            if u64::from_ne_bytes(word.try_into().expect("eight bytes")) & 0x8080_8080_8080_8080
                != 0
            {
                break;
            }
            at += 8;
        }
        let Some(&byte) = bytes.get(at) else {
            break;
        };
        if byte < 0x80 {
            at += 1;
            continue;
        }
        // Every byte of a sequence, well-formed or not, is 0x80 or more.
        match utf8_sequence(&bytes[at..]) {
            Some(Ok(len)) => {
                fit.well_formed += 1;
                at += len;
                if let Some(left) = high_left.as_mut() {
                    *left -= len;
                }
            }
            Some(Err(len)) => {
                fit.malformed += 1;
                at += len;
                let left = match high_left.as_mut() {
                    Some(left) => {
                        *left -= len;
                        *left
                    }
                    None => *high_left.insert(high_bytes(&bytes[at..])),
                };
                if settled(fit, left / 2) {
                    return fit;
                }
            }
            None => {
                fit.malformed += 1;
                return fit;
            }
        }
    }
    fit
}

/// Bytes of 0x80 or more in `bytes`: compared, not located, so counted in a loop the
/// compiler runs on many bytes at once.
fn high_bytes(bytes: &[u8]) -> usize {
    count_bytes(bytes, |b| b >= 0x80)
}

/// The UTF-8 sequence that `bytes` start with (a byte of 0x80 or more): `Ok` with the
/// length of a character, `Err` with the length of a malformed sequence, `None` where the
/// bytes end inside a character.
#[inline]
fn utf8_sequence(bytes: &[u8]) -> Option<Result<usize, usize>> {
    let (len, second) = match bytes[0] {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Some(Err(1)),
    };
    if !second.contains(bytes.get(1)?) {
        return Some(Err(1));
    }
    for k in 2..len {
        if !(0x80..=0xBF).contains(bytes.get(k)?) {
            return Some(Err(k));
        }
    }
    Some(Ok(len))
}

/// Whether decoding `bytes` (which `encoding` decodes cleanly) leaves every structural
/// token of `syntax` where the ASCII bytes put it. UTF-8 and single-byte encodings never
/// take an ASCII byte into a character; UTF-16 has no ASCII bytes to compare with.
///
/// Legacy encodings may take a structural byte as the trail of a character (GBK `誠` is
/// D5 5C, Big5 `許` B3 5C, Shift_JIS `ソ` 83 5C; some GBK and Big5 characters end in `[`
/// or `]`), and the specification has such files decoded before they are tokenised. So
/// the bytes taken are the encoding's to claim, but every other token of the ASCII reading
/// must remain a token of the decoded one: a `]` taken from the end of a UTF-8 name read
/// as GB18030 puts the next property's `[` inside the value, and is refused. The decoded
/// reading may find tokens the ASCII one missed (after a `\` that was a trail byte).
pub(super) fn keeps_structure(bytes: &[u8], encoding: &'static Encoding, syntax: Syntax) -> bool {
    keeps_structure_protecting(bytes, encoding, syntax, &[])
}

/// [`keeps_structure`] once a character under way is ended before each `protected` byte.
fn keeps_structure_protecting(
    bytes: &[u8],
    encoding: &'static Encoding,
    syntax: Syntax,
    protected: &[usize],
) -> bool {
    !takes_structure(encoding) || {
        let taken = structural_bytes_taken(bytes, encoding, syntax, protected);
        first_lost_token(bytes, &taken, syntax, State::Outside).is_none()
    }
}

/// Whether `encoding` can take an ASCII byte into a character at all: UTF-8 and
/// single-byte encodings never do; UTF-16 has no ASCII bytes to compare with.
pub(super) fn takes_structure(encoding: &'static Encoding) -> bool {
    encoding != UTF_8 && !encoding.is_single_byte() && encoding.is_ascii_compatible()
}

/// Most structural bytes protected in one window of text; past them the window is decoded
/// as it comes.
const MOST_PROTECTED: usize = 256;

/// The structural bytes that decoding in `encoding` must leave alone: those it would take
/// into a character although the ASCII reading needs them (see [`keeps_structure`]), as a
/// name cut in the middle of a character leaves a lead byte before the `]`. Decoding
/// then ends the character before each of them, and reports its bytes as malformed.
/// `start` is the state of the ASCII reading where the bytes begin (outside any value at
/// the start of a file; carried on by a decoder that protects its input window by window).
pub(super) fn protected_bytes(
    bytes: &[u8],
    encoding: &'static Encoding,
    syntax: Syntax,
    start: State,
) -> Vec<usize> {
    let mut protected = Vec::new();
    if !takes_structure(encoding) {
        return protected;
    }
    let mut taken = structural_bytes_taken(bytes, encoding, syntax, &protected);
    // SGF as read so far: a window of a file starts inside a tree, most likely.
    let read = |taken: &[usize]| read_sgf(bytes, taken.to_vec(), start, 1);
    let mut reading = (syntax == Syntax::Sgf).then(|| read(&taken));
    while protected.len() < MOST_PROTECTED {
        let Some(lost) = first_lost_token(bytes, &taken, syntax, start) else {
            break;
        };
        // The token was lost to the last byte taken before it.
        let Some(&culprit) = taken.iter().rev().find(|&&at| at < lost) else {
            break;
        };
        let mut more = protected.clone();
        more.insert(protected.partition_point(|&p| p < culprit), culprit);
        let more_taken = structural_bytes_taken(bytes, encoding, syntax, &more);
        if let Some(before) = reading {
            // The ASCII reading is lost too where a character's trail byte ended a value
            // early (Big5 `奭` is BC 5D): a byte is protected only where that reads the
            // SGF better, with fewer runs of bytes no structure holds, or as few and more
            // values (a name cut before its `]`, whose `]` a character took).
            let after = read(&more_taken);
            let better = after.breaks < before.breaks
                || (after.breaks == before.breaks && after.values > before.values);
            if !better {
                break;
            }
            reading = Some(after);
        }
        protected = more;
        taken = more_taken;
    }
    protected
}

/// The first token of the ASCII reading, not itself among the `taken` bytes, that the
/// decoded reading lacks. Both readings agree up to the first taken byte; from there the
/// two are stepped side by side until they are in the same state again, and agree up to
/// the next taken byte, which one scan of the ASCII reading passes over.
fn first_lost_token(bytes: &[u8], taken: &[usize], syntax: Syntax, start: State) -> Option<usize> {
    let mut scan = Scanner {
        bytes,
        at: 0,
        state: start,
        syntax,
    };
    let mut next = 0;
    while let Some(&first) = taken.get(next) {
        scan.advance_to(first);
        let (mut ascii, mut decoded) = (scan.state, scan.state);
        let mut at = first;
        loop {
            let &byte = bytes.get(at)?;
            let is_taken = taken.get(next) == Some(&at);
            if is_taken {
                next += 1;
            }
            // A byte inside a character is text: it may only be escaped.
            let (state, token) = step(syntax, ascii, byte);
            let (other, kept) = step(syntax, decoded, if is_taken { b'x' } else { byte });
            if token && !is_taken && !kept {
                return Some(at);
            }
            (ascii, decoded) = (state, other);
            at += 1;
            if ascii == decoded && taken.get(next) != Some(&at) {
                break;
            }
        }
        scan.at = at;
        scan.state = ascii;
    }
    None
}

/// Offsets of the structural ASCII bytes that `encoding` takes into a multi-byte
/// character, when it is made to end a character before each `protected` byte. Each run
/// of non-ASCII bytes is fed to the decoder at once, the ASCII byte after it alone: if the
/// decoder gives back anything but that byte, the byte was a trail.
fn structural_bytes_taken(
    bytes: &[u8],
    encoding: &'static Encoding,
    syntax: Syntax,
    protected: &[usize],
) -> Vec<usize> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = [0u8; 4096];
    let mut taken = Vec::new();
    // Whether a character may be under way: after non-ASCII bytes, or inside a GB18030
    // four-byte sequence.
    let mut under_way = false;
    let mut protected = protected.iter().copied().peekable();
    let mut at = 0;
    while at < bytes.len() {
        // Protected bytes passed over between characters need nothing.
        while protected.next_if(|&p| p < at).is_some() {}
        if protected.next_if_eq(&at).is_some() {
            decoder = encoding.new_decoder_without_bom_handling();
            under_way = false;
        }
        let next_protected = protected.peek().copied().unwrap_or(bytes.len());
        if bytes[at] < 0x80 && !under_way {
            // ASCII between characters is itself in every ASCII-compatible encoding.
            let ascii = bytes[at..next_protected]
                .iter()
                .position(|b| *b >= 0x80)
                .unwrap_or(next_protected - at);
            at += ascii.max(1);
            continue;
        }
        if bytes[at] >= 0x80 {
            let run = bytes[at..next_protected]
                .iter()
                .position(|b| *b < 0x80)
                .unwrap_or(next_protected - at);
            let mut rest = &bytes[at..at + run];
            while !rest.is_empty() {
                let (result, read, _) =
                    decoder.decode_to_utf8_without_replacement(rest, &mut out, false);
                rest = &rest[read..];
                if let DecoderResult::Malformed(..) = result {
                    decoder = encoding.new_decoder_without_bom_handling();
                }
            }
            at += run;
            under_way = true;
            continue;
        }
        let byte = bytes[at];
        let (result, _, written) =
            decoder.decode_to_utf8_without_replacement(&bytes[at..=at], &mut out, false);
        if let DecoderResult::Malformed(..) = result {
            // What was under way is malformed; the byte is read again on its own.
            decoder = encoding.new_decoder_without_bom_handling();
            under_way = false;
            continue;
        }
        if !(written == 1 && out[0] == byte) && is_structural(byte, syntax) {
            taken.push(at);
        }
        under_way = written == 0;
        at += 1;
    }
    taken
}

/// The text of `bytes` decoded as `encoding` at once, when nothing in them is malformed.
pub(super) fn decode_clean(bytes: &[u8], encoding: &'static Encoding) -> Option<String> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(
        decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len()),
    );
    let (result, _) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    (result == DecoderResult::InputEmpty).then_some(text)
}

/// Whether `text`, the clean decoding of `bytes`, took no structural byte into a
/// character: then no byte needed protecting, and a [`StreamDecoder`](super::StreamDecoder)
/// decodes the bytes alike, window by window. A clean decoding gives back every ASCII
/// byte it does not take (no character decodes to ASCII), so the structural bytes are
/// counted on both sides instead of located.
pub(super) fn takes_no_structure(bytes: &[u8], text: &str, syntax: Syntax) -> bool {
    structural_count(bytes, syntax) == structural_count(text.as_bytes(), syntax)
}

/// How many of `bytes` are structural in `syntax` and could be the trail of a character:
/// the ASCII bytes a clean decoding takes are trail bytes from 0x40 up (GBK, GB18030, Big5,
/// Shift_JIS, EUC-KR) and the digits of GB18030's four-byte sequences, so `(`, `)`, `;`,
/// `"` and the line ends, all below 0x40, are never taken and need no counting. Compared,
/// not located, so counted in a loop the compiler runs on many bytes at once.
fn structural_count(bytes: &[u8], syntax: Syntax) -> usize {
    // `[`, `\` and `]` are 5B..=5D.
    let sgf = |b: u8| b.wrapping_sub(b'[') < 3;
    match syntax {
        Syntax::Sgf => count_bytes(bytes, sgf),
        Syntax::Text => count_bytes(bytes, |b| sgf(b) | (b == b'{') | (b == b'}')),
    }
}

fn is_structural(byte: u8, syntax: Syntax) -> bool {
    match syntax {
        Syntax::Sgf => matches!(byte, b'[' | b']' | b'\\' | b'(' | b')' | b';'),
        Syntax::Text => matches!(
            byte,
            b'[' | b']' | b'(' | b')' | b';' | b'"' | b'\\' | b'{' | b'}' | b'\n' | b'\r'
        ),
    }
}

/// The tokeniser's state over the ASCII reading of a syntax.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    state: State,
    syntax: Syntax,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Outside,
    /// An SGF value, or a PGN/PDN string.
    Quoted,
    /// After a backslash in a value or string.
    Escaped,
    /// A PGN/PDN `{…}` comment.
    Comment,
}

/// The state after `byte`, and whether `byte` is a token there.
fn step(syntax: Syntax, state: State, byte: u8) -> (State, bool) {
    use State::*;
    let line_end = matches!(byte, b'\n' | b'\r') && syntax == Syntax::Text;
    match (state, byte) {
        (Escaped, _) if line_end => (Outside, true),
        (Escaped, _) => (Quoted, false),
        (Comment, _) if line_end => (Comment, true),
        (_, _) if line_end => (Outside, true),
        (Quoted, b'\\') => (Escaped, false),
        (Quoted, b']') if syntax == Syntax::Sgf => (Outside, true),
        (Quoted, b'"') if syntax == Syntax::Text => (Outside, true),
        (Quoted, _) => (Quoted, false),
        (Comment, b'}') => (Outside, true),
        (Comment, _) => (Comment, false),
        (Outside, b'[') if syntax == Syntax::Sgf => (Quoted, true),
        (Outside, b'"') if syntax == Syntax::Text => (Quoted, true),
        (Outside, b'{') if syntax == Syntax::Text => (Comment, true),
        (Outside, b'(' | b')' | b';' | b'[' | b']') => (Outside, true),
        (Outside, _) => (Outside, false),
    }
}

/// The state of the ASCII reading of `syntax` after `bytes`, which begin in `start`.
pub(super) fn state_after(bytes: &[u8], syntax: Syntax, start: State) -> State {
    let mut scan = Scanner {
        bytes,
        at: 0,
        state: start,
        syntax,
    };
    scan.advance_to(bytes.len());
    scan.state
}

impl Scanner<'_> {
    /// Steps through the bytes before `end`, passing over those that change nothing in
    /// the current state.
    fn advance_to(&mut self, end: usize) {
        while self.at < end {
            let stops: &[u8] = match (self.syntax, self.state) {
                (_, State::Escaped) => b"",
                (Syntax::Sgf, State::Outside) => b"[]();",
                (Syntax::Sgf, _) => b"\\]",
                (Syntax::Text, State::Outside) => b"[]();\"{\n\r",
                (Syntax::Text, State::Quoted) => b"\\\"\n\r",
                (Syntax::Text, State::Comment) => b"}\n\r",
            };
            let hay = &self.bytes[self.at..end];
            let found = match *stops {
                [] => Some(0),
                [a, b] => memchr::memchr2(a, b, hay),
                [a, b, c] => memchr::memchr3(a, b, c, hay),
                _ => hay.iter().position(|b| stops.contains(b)),
            };
            let Some(skip) = found else {
                self.at = end;
                return;
            };
            self.at += skip;
            self.state = step(self.syntax, self.state, self.bytes[self.at]).0;
            self.at += 1;
        }
    }
}

/// An encoding guessed for bytes without a declaration (or with one that does not fit).
#[derive(Clone, Copy, Debug)]
pub(super) struct Guess {
    pub encoding: &'static Encoding,
    /// True when nothing but windows-1252, which decodes any bytes, both decodes the bytes
    /// and keeps their structure: the guess is a last resort.
    pub last_resort: bool,
    /// The encoding the statistics chose, whose reading of the SGF structure breaks where
    /// this one's holds ([`by_structure`]), and the offset of the first byte it breaks at.
    pub instead_of: Option<(&'static Encoding, usize)>,
}

/// Encodings SGF files without `CA` are written in, besides UTF-8.
const SGF_LEGACY: [&Encoding; 4] = [GB18030, BIG5, SHIFT_JIS, EUC_KR];

/// Guesses the encoding of `bytes`: UTF-16 if NUL bytes fill every other byte; UTF-8 if
/// it decodes with at most a few malformed sequences; else a legacy encoding that decodes
/// the bytes cleanly and keeps their structure, chosen by chardetng's statistics and, for
/// SGF, by which of the four East Asian encodings reads as their common characters.
/// As every decoder protects structure ([`protected_bytes`]), an encoding also fits if it
/// keeps the structure once a few characters cut before a structural byte are ended there
/// (each then one malformed sequence, "a few" as for UTF-8). `utf8`: the bytes are known
/// to be valid UTF-8.
pub(super) fn guess(bytes: &[u8], utf8: bool, syntax: Syntax) -> Guess {
    let found = |encoding| Guess {
        encoding,
        last_resort: false,
        instead_of: None,
    };
    if let Some(utf16) = detect_utf16_without_bom(bytes) {
        return found(utf16);
    }
    if utf8 || few_malformed(bytes, UTF_8) {
        return found(UTF_8);
    }
    let guess = legacy_guess(bytes, syntax);
    match syntax {
        Syntax::Sgf => by_structure(bytes, guess),
        Syntax::Text => guess,
    }
}

/// [`guess`] for bytes that are neither UTF-16 nor UTF-8, by statistics alone.
fn legacy_guess(bytes: &[u8], syntax: Syntax) -> Guess {
    let found = |encoding| Guess {
        encoding,
        last_resort: false,
        instead_of: None,
    };
    let fits = |encoding| {
        decodes_cleanly(bytes, encoding)
            && (keeps_structure(bytes, encoding, syntax) || {
                let protected = protected_bytes(bytes, encoding, syntax, State::Outside);
                protected.len() * FEW <= fit(bytes, encoding).well_formed
                    && keeps_structure_protecting(bytes, encoding, syntax, &protected)
            })
    };
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let statistical = match detector.guess(None, chardetng::Utf8Detection::Deny) {
        gbk if gbk == GBK => GB18030,
        other => other,
    };
    if syntax == Syntax::Sgf {
        // Short texts (two names) give chardetng little to go on; an SGF file without `CA`
        // is far more likely East Asian than Western.
        if SGF_LEGACY.contains(&statistical) && fits(statistical) {
            return found(statistical);
        }
        // The first in the list's order wins a tie.
        let mut best: Option<(&'static Encoding, Share)> = None;
        for encoding in SGF_LEGACY.into_iter().filter(|e| fits(e)) {
            let share = common_characters(bytes, encoding);
            if best.is_none_or(|(_, kept)| share.beats(kept)) {
                best = Some((encoding, share));
            }
        }
        if let Some((encoding, _)) = best.filter(|(_, share)| share.plausible()) {
            return found(encoding);
        }
    }
    if fits(statistical) {
        return found(statistical);
    }
    if syntax == Syntax::Text && fits(GB18030) {
        // Rulebook scoresheets are Chinese.
        return found(GB18030);
    }
    Guess {
        encoding: WINDOWS_1252,
        last_resort: true,
        instead_of: None,
    }
}

/// The guess, unless its reading of the SGF structure breaks (bytes outside every value
/// that no SGF structure holds, a `]` taken for an escaped one so that a property is lost
/// inside the value before it) where a reading in one of the East Asian encodings decodes
/// the same bytes cleanly and holds: GBK `昞` (95 5C) and `奭` (8A 5D) read as windows-1252
/// escape or end a value early, and the text after it lands between the properties.
/// The statistics cannot tell on a few names; the structure can.
fn by_structure(bytes: &[u8], guess: Guess) -> Guess {
    let own = sgf_reading(bytes, guess.encoding);
    // Holding, the guess loses only to a reading with more values: one that takes a `\`
    // (after a byte of a character) for its own where the guess escapes a `]` with it.
    let takes_an_escape = || {
        memchr::memchr_iter(b'\\', bytes)
            .any(|at| at > 0 && bytes[at - 1] >= 0x80 && bytes.get(at + 1) == Some(&b']'))
    };
    if own.broken_at.is_none() && !takes_an_escape() {
        return guess;
    }
    let mut best: Option<(&'static Encoding, Reading, Share)> = None;
    for encoding in SGF_LEGACY {
        if encoding == guess.encoding || !decodes_cleanly(bytes, encoding) {
            continue;
        }
        let reading = sgf_reading(bytes, encoding);
        let holds =
            reading.broken_at.is_none() && (own.broken_at.is_some() || reading.values > own.values);
        if !holds {
            continue;
        }
        let share = common_characters(bytes, encoding);
        let better = best.as_ref().is_none_or(|(_, kept, kept_share)| {
            reading.values > kept.values
                || (reading.values == kept.values && share.beats(*kept_share))
        });
        if better {
            best = Some((encoding, reading, share));
        }
    }
    match best {
        Some((encoding, reading, _)) => Guess {
            encoding,
            last_resort: false,
            instead_of: Some((
                guess.encoding,
                own.broken_at.or(reading.first_taken).unwrap_or(0),
            )),
        },
        None => guess,
    }
}

/// SGF bytes without the escapes SGFC writes inside multi-byte characters (a `\\` after
/// a lead byte whose trail byte is a `\\` or `]`: GBK `揮`, 93 5D, as 93 `\\` 5D), and
/// the offsets of the escapes left out, when there are such and the reading without them
/// holds where the plain one breaks the structure or reads fewer values (Shift_JIS `表`,
/// 95 5C, written 95 `\\` 5C, escapes the `]` after it). A plain reading that holds
/// with as many values wins: `表` before a `]` is a character and the end of its value.
pub(super) fn escapes_in_characters(
    bytes: &[u8],
    encoding: &'static Encoding,
) -> Option<(Vec<u8>, Vec<usize>)> {
    if !takes_structure(encoding) {
        return None;
    }
    let escapes: Vec<usize> = memchr::memchr_iter(b'\\', bytes)
        .filter(|&at| {
            let (Some(&lead), Some(&trail)) =
                (at.checked_sub(1).map(|k| &bytes[k]), bytes.get(at + 1))
            else {
                return false;
            };
            if lead < 0x80 || !matches!(trail, b'\\' | b']') {
                return false;
            }
            // The lead starts a character: the bytes of its run before it decode whole.
            let run = bytes[..at - 1]
                .iter()
                .rev()
                .take_while(|b| **b >= 0x80)
                .count();
            let before = &bytes[at - 1 - run..at - 1];
            let pair = [lead, trail];
            let (pair, _) = encoding.decode_without_bom_handling(&pair);
            decodes_cleanly(before, encoding)
                && pair.chars().count() == 1
                && !pair.starts_with(['\u{FFFD}', char::from(trail)])
        })
        .collect();
    if escapes.is_empty() {
        return None;
    }
    let plain = sgf_reading(bytes, encoding);
    let mut read = Vec::with_capacity(bytes.len());
    let mut from = 0;
    for &at in &escapes {
        read.extend_from_slice(&bytes[from..at]);
        from = at + 1;
    }
    read.extend_from_slice(&bytes[from..]);
    let unescaped = sgf_reading(&read, encoding);
    let holds = unescaped.broken_at.is_none()
        && (plain.broken_at.is_some() || unescaped.values > plain.values);
    holds.then_some((read, escapes))
}

/// How SGF bytes read in an encoding: the first byte inside a tree and outside every
/// value that no SGF structure holds there (not white space, a letter of an identifier,
/// `;`, `(`, `)` or `[`), the values opened, and the first structural byte the encoding
/// takes into a character.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reading {
    pub broken_at: Option<usize>,
    /// Runs of such bytes.
    pub breaks: usize,
    pub values: usize,
    pub first_taken: Option<usize>,
}

/// Reads SGF `bytes` as `encoding` decodes them: a structural byte it takes into a
/// character is text (see [`structural_bytes_taken`]).
pub(super) fn sgf_reading(bytes: &[u8], encoding: &'static Encoding) -> Reading {
    let taken = if takes_structure(encoding) {
        structural_bytes_taken(bytes, encoding, Syntax::Sgf, &[])
    } else {
        Vec::new()
    };
    read_sgf(bytes, taken, State::Outside, 0)
}

/// Reads SGF `bytes` whose structural bytes `taken` are text, from the state `start`
/// at parenthesis `depth` (0 between trees).
fn read_sgf(bytes: &[u8], taken: Vec<usize>, start: State, mut depth: u32) -> Reading {
    let mut reading = Reading {
        broken_at: None,
        breaks: 0,
        values: 0,
        first_taken: taken.first().copied(),
    };
    let mut taken = taken.into_iter().peekable();
    let mut at = match start {
        State::Quoted => value_end(bytes, 0, &mut taken),
        State::Escaped => value_end(bytes, 1, &mut taken),
        _ => 0,
    };
    let mut broken = false;
    // Whether the identifier being read has a capital (none read: `None`); one of lower
    // case letters alone is text that a value ended too early left behind (` a [b]`).
    let mut capital: Option<bool> = None;
    while let Some(&byte) = bytes.get(at) {
        while taken.next_if(|&t| t < at).is_some() {}
        let is_taken = taken.next_if_eq(&at).is_some();
        let holds = match byte {
            _ if is_taken => depth == 0,
            b'(' => {
                depth += 1;
                true
            }
            b')' => {
                depth = depth.saturating_sub(1);
                true
            }
            _ if depth == 0 => true,
            b'[' => {
                let named = capital.take() != Some(false);
                reading.values += usize::from(named);
                if !named {
                    reading.broken_at.get_or_insert(at);
                    reading.breaks += usize::from(!broken);
                }
                at = value_end(bytes, at + 1, &mut taken);
                broken = false;
                continue;
            }
            _ if byte.is_ascii_alphabetic() => {
                *capital.get_or_insert(false) |= byte.is_ascii_uppercase();
                true
            }
            _ => byte == b';' || (byte.is_ascii() && !byte.is_ascii_graphic()),
        };
        if !holds {
            reading.broken_at.get_or_insert(at);
            reading.breaks += usize::from(!broken);
        }
        broken = !holds;
        at += 1;
    }
    reading
}

/// The offset after the `]` that ends the value whose content starts at `at`, escapes
/// and bytes taken into characters passed over.
fn value_end(
    bytes: &[u8],
    mut at: usize,
    taken: &mut std::iter::Peekable<std::vec::IntoIter<usize>>,
) -> usize {
    while let Some(found) = memchr::memchr2(b'\\', b']', &bytes[at.min(bytes.len())..]) {
        let stop = at + found;
        while taken.next_if(|&t| t < stop).is_some() {}
        if taken.next_if_eq(&stop).is_some() {
            at = stop + 1;
        } else if bytes[stop] == b'\\' {
            // The escaped byte is text, even one a character would have taken.
            while taken.next_if(|&t| t <= stop + 1).is_some() {}
            at = stop + 2;
        } else {
            return stop + 1;
        }
    }
    bytes.len()
}

/// How much of a text's non-ASCII reads as an encoding's common characters: three points
/// for the frequent block (GB2312 level 1, Big5 level 1, kana and JIS level 1, Hangul),
/// one for the rarer blocks and punctuation, none for extensions and half-width kana.
#[derive(Clone, Copy, Debug)]
struct Share {
    points: usize,
    characters: usize,
}

impl Share {
    /// Two points a character on average: mostly common characters.
    fn plausible(self) -> bool {
        self.characters > 0 && self.points >= 2 * self.characters
    }

    fn beats(self, other: Share) -> bool {
        self.points * other.characters > other.points * self.characters
    }
}

/// Scores the non-ASCII characters of bytes that `encoding` (one of [`SGF_LEGACY`])
/// decodes cleanly, walking its byte grammar.
fn common_characters(bytes: &[u8], encoding: &'static Encoding) -> Share {
    let mut share = Share {
        points: 0,
        characters: 0,
    };
    let mut at = 0;
    while let Some(&lead) = bytes.get(at) {
        if lead < 0x80 {
            at += 1;
            continue;
        }
        let trail = bytes.get(at + 1).copied().unwrap_or(0);
        share.characters += 1;
        let (points, len) = if encoding == GB18030 {
            match (lead, trail) {
                (_, 0x30..=0x39) => (0, 4),
                (0x80, _) => (0, 1),
                (0xB0..=0xD7, 0xA1..) => (3, 2),
                (0xA1..=0xA9 | 0xD8..=0xF7, 0xA1..) => (1, 2),
                _ => (0, 2),
            }
        } else if encoding == BIG5 {
            match lead {
                0xA4..=0xC6 => (3, 2),
                0xA1..=0xA3 | 0xC9..=0xF9 => (1, 2),
                _ => (0, 2),
            }
        } else if encoding == SHIFT_JIS {
            match lead {
                0xA1..=0xDF => (0, 1),
                0x82 | 0x83 | 0x88..=0x98 => (3, 2),
                0x81 | 0x99..=0x9F | 0xE0..=0xEA => (1, 2),
                _ => (0, 2),
            }
        } else {
            match (lead, trail) {
                (0xB0..=0xC8, 0xA1..) => (3, 2),
                (0xA1..=0xAC | 0xCA..=0xFD, 0xA1..) => (1, 2),
                _ => (0, 2),
            }
        };
        share.points += points;
        at += len;
    }
    share
}

fn detect_utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let even_len = bytes.len() & !1;
    if even_len < 4 {
        return None;
    }
    let sample = &bytes[..even_len.min(512)];
    let even_nuls = sample.iter().step_by(2).filter(|b| **b == 0).count();
    let odd_nuls = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|b| **b == 0)
        .count();
    let half = sample.len() / 2;
    if odd_nuls * 10 >= half * 6 && even_nuls * 10 < half {
        Some(encoding_rs::UTF_16LE)
    } else if even_nuls * 10 >= half * 6 && odd_nuls * 10 < half {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// The longest prefix of a sample cut from a longer input that ends between characters in
/// every encoding considered, so that a character cut in two at the sample's end is not
/// taken for a malformed one. Bytes below 0x40 other than digits (white space, `(`, `)`,
/// `;`, `"`) are never a trail byte of GBK, Big5, Shift_JIS or EUC-KR nor inside a
/// GB18030 four-byte sequence, and never continue a UTF-8 character; UTF-16 keeps whole
/// code units.
pub(super) fn whole_characters(sample: &[u8]) -> &[u8] {
    if detect_utf16_without_bom(sample).is_some() || Encoding::for_bom(sample).is_some() {
        return &sample[..sample.len() & !1];
    }
    let boundary = sample
        .iter()
        .rposition(|b| *b < 0x40 && !b.is_ascii_digit() && *b != 0);
    match boundary {
        Some(at) => &sample[..=at],
        None => sample,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `std::str::from_utf8` makes of the bytes, error after error: the counts
    /// [`utf8_fit`] must give.
    fn utf8_fit_by_std(mut bytes: &[u8]) -> Fit {
        let mut fit = Fit {
            malformed: 0,
            well_formed: 0,
        };
        let leads = |valid: &[u8]| valid.iter().filter(|b| **b >= 0xC0).count();
        loop {
            match std::str::from_utf8(bytes) {
                Ok(valid) => {
                    return Fit {
                        well_formed: fit.well_formed + leads(valid.as_bytes()),
                        ..fit
                    }
                }
                Err(error) => {
                    fit.well_formed += leads(&bytes[..error.valid_up_to()]);
                    fit.malformed += 1;
                    match error.error_len() {
                        Some(len) => bytes = &bytes[error.valid_up_to() + len..],
                        None => return fit,
                    }
                }
            }
        }
    }

    #[test]
    fn utf8_fit_counts_as_std_validates() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // Bytes from the ranges that decide UTF-8: ASCII, continuations, every kind of lead.
        let pick = [
            0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE,
            0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
        ];
        for _ in 0..20_000 {
            let len = (next() % 24) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if r % 3 == 0 {
                        r as u8
                    } else {
                        pick[(r >> 8) as usize % pick.len()]
                    }
                })
                .collect();
            assert_eq!(fit(&bytes, UTF_8), utf8_fit_by_std(&bytes), "{bytes:02X?}");
        }
        let text = "(;C[围棋 Go 碁 바둑 \u{1F600}])".as_bytes();
        assert_eq!(fit(text, UTF_8), utf8_fit_by_std(text));
    }

    #[test]
    fn few_is_relative_to_well_formed_characters() {
        let mut bytes = "张三李四".as_bytes().to_vec();
        bytes.push(0xE5);
        assert_eq!(
            fit(&bytes, UTF_8),
            Fit {
                malformed: 1,
                well_formed: 4
            }
        );
        assert!(fit(&bytes, UTF_8).few_malformed());
        assert!(!fit(&bytes[6..], UTF_8).few_malformed());
        assert!(!fit(b"M\xFCller", UTF_8).few_malformed());
    }

    #[test]
    fn a_swallowed_bracket_moves_the_structure() {
        // UTF-8 `张` cut to two bytes before `]`: GB18030 pairs E5 BC, then takes `]`
        // as the trail of the next pair only when the run before it is odd.
        let bytes = b"(;PW[\xe6\x9d\x8e\xe5\xbc]BR[9d])";
        assert!(fit(bytes, GB18030).clean());
        assert!(!keeps_structure(bytes, GB18030, Syntax::Sgf));
        assert!(keeps_structure(bytes, WINDOWS_1252, Syntax::Sgf));
    }

    #[test]
    fn a_lead_byte_cut_before_a_bracket_leaves_it_alone() {
        // GBK `张` is D5 C5; cut to D5 before `]`, GB18030 would read D5 5D as a character.
        let bytes = b"(;PB[\xc0\xee]PW[\xcd\xf5\xd5]BR[9d]WR[\xd5\x5c]KM[7.5])";
        assert!(fit(bytes, GB18030).clean());
        assert!(!keeps_structure(bytes, GB18030, Syntax::Sgf));
        assert_eq!(
            protected_bytes(bytes, GB18030, Syntax::Sgf, State::Outside),
            [14]
        );
        assert_eq!(bytes[14], b']');
    }

    #[test]
    fn a_malformed_sequence_takes_nothing() {
        // FF is no GB18030 lead; 81 before `(` or a line end is a lead whose trail is missing: the
        // ASCII bytes after both are read on their own.
        let bytes = b"(;PB[\xff]PW[\x81(x)]C[\x81\n]\n)";
        assert!(structural_bytes_taken(bytes, GB18030, Syntax::Sgf, &[]).is_empty());
        assert!(protected_bytes(bytes, GB18030, Syntax::Sgf, State::Outside).is_empty());
    }

    #[test]
    fn a_trail_backslash_is_part_of_its_character() {
        // GBK `誠` is D5 5C: before `]` the byte view would read an escaped `]`.
        let (inner, _, _) = GB18030.encode("王誠");
        let mut bytes = b"(;PW[".to_vec();
        bytes.extend_from_slice(&inner);
        bytes.extend_from_slice(b"]WR[6d])");
        assert!(keeps_structure(&bytes, GB18030, Syntax::Sgf));
    }

    #[test]
    fn a_trail_bracket_is_part_of_its_character() {
        // Big5 A1 5B is a character whose trail is `[`.
        let bytes = b"(;C[\xa1\x5b]PB[x])";
        assert!(fit(bytes, BIG5).clean());
        assert!(keeps_structure(bytes, BIG5, Syntax::Sgf));
        // GBK 93 5D ends in `]`: the ASCII reading closes the comment early and finds bytes
        // outside any value, tokens the decoded reading keeps all the same.
        let bytes = b"(;C[\xba\xda\x93]\xc1\xcb]\n;B[ee])";
        assert!(fit(bytes, GB18030).clean());
        assert!(keeps_structure(bytes, GB18030, Syntax::Sgf));
    }

    #[test]
    fn text_structure_ignores_strings_and_comments() {
        let (inner, _, _) = BIG5.encode("功");
        let mut bytes = b"[White \"".to_vec();
        bytes.extend_from_slice(&inner);
        bytes.extend_from_slice(b"x\"]\n{");
        bytes.extend_from_slice(&inner);
        bytes.extend_from_slice(b"x}\n1. e4 *\n");
        assert!(keeps_structure(&bytes, BIG5, Syntax::Text));
    }

    #[test]
    fn a_reading_breaks_where_text_lands_between_properties() {
        // GBK `昞奭因`: 95 5C 8A 5D D2 F2. Read as windows-1252, 5C escapes 8A and 5D ends
        // the value; D2 F2 stand between properties.
        let bytes = b"(;GM[1]PB[\x95\x5c\x8a\x5d\xd2\xf2]PW[\xc0\xee];B[pd])";
        assert_eq!(sgf_reading(bytes, WINDOWS_1252).broken_at, Some(14));
        let gb = sgf_reading(bytes, GB18030);
        assert_eq!((gb.broken_at, gb.values), (None, 4));
        let guess = by_structure(
            bytes,
            Guess {
                encoding: WINDOWS_1252,
                last_resort: false,
                instead_of: None,
            },
        );
        assert_eq!(guess.encoding, GB18030);
        assert_eq!(guess.instead_of, Some((WINDOWS_1252, 14)));
        // Text between trees and lower-case identifiers before a value.
        assert!(sgf_reading(b"x\xff (;B[aa]) \xff", WINDOWS_1252)
            .broken_at
            .is_none());
        assert_eq!(sgf_reading(b"(;C[a] b [c])", UTF_8).broken_at, Some(9));
    }

    #[test]
    fn escapes_inside_characters_are_read_where_the_plain_reading_breaks() {
        // GBK `揮` is 93 5D; SGFC writes it 93 5C 5D. Read plainly, 93 5C is a character
        // and the `]` ends the value before `權` (99 E0).
        let sgfc = b"(;C[\xd6\xb8\x93\x5c\x5d\x99\xe0])";
        let (read, removed) = escapes_in_characters(sgfc, GB18030).expect("escapes");
        assert_eq!(removed, [7]);
        assert_eq!(read, b"(;C[\xd6\xb8\x93\x5d\x99\xe0])");
        // Shift_JIS `表` (95 5C) before the `]` that ends its value is no escape.
        let plain = b"(;PB[\x95\x5c]PW[x])";
        assert_eq!(escapes_in_characters(plain, SHIFT_JIS), None);
        // SGFC's `表` (95 5C 5C) escapes a byte that would end the value otherwise.
        let escaped = b"(;PB[\x95\x5c\x5c]PW[\x94\x5c\x5c])";
        assert_eq!(
            escapes_in_characters(escaped, SHIFT_JIS).map(|e| e.1),
            Some(vec![6, 13])
        );
    }

    #[test]
    fn a_trail_bracket_is_not_protected_where_protection_breaks_the_structure() {
        // Big5 `奭` is BC 5D: read as ASCII, the first one ends the comment, and what
        // follows (`許`, B3 5C, then `a [b\]`) seems to hold tokens the decoding loses.
        let bytes = b"(;C[\xbc\x5d\xbc\x5d\xb3\x5c a [b\\] c];B[aa])";
        assert!(protected_bytes(bytes, BIG5, Syntax::Sgf, State::Outside).is_empty());
        // A name cut before its `]`, whose `]` a character would take, is still protected.
        let cut = b"(;PB[\xc0\xee]PW[\xcd\xf5\xd5]BR[9d]WR[\xd5\x5c]KM[7.5])";
        assert_eq!(
            protected_bytes(cut, GB18030, Syntax::Sgf, State::Outside),
            [14]
        );
    }

    #[test]
    fn a_sample_is_cut_between_characters() {
        let text = "(;PB[张三]\nC[李四]".as_bytes();
        let cut = &text[..text.len() - 4];
        assert_eq!(whole_characters(cut), "(;PB[张三]\n".as_bytes());
        // A GB18030 four-byte sequence cut after its digit: the cut goes back to `;`.
        let (gb, _, _) = GB18030.encode("(;C[x\u{1F600}");
        assert_eq!(whole_characters(&gb[..gb.len() - 2]), b"(;");
    }
}
