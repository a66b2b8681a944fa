//! Reading large inputs piece by piece, so that memory stays flat however large a file
//! is: bytes are read and decoded as they come, and whenever enough text has gathered
//! (64 KB of SGF, 1 MB of other text) it is cut at a record boundary and read as a
//! [`Document`] of its own. Line numbers and record indices carry on across pieces. While
//! pieces are replayed on the thread pool, the next ones are read and cut, so that
//! reading, decoding and finding boundaries do not leave the other cores waiting.

use std::collections::VecDeque;
use std::io::{self, Read, Seek, SeekFrom};
use std::sync::mpsc::{self, Receiver};

use crate::boundary::{self, Cutting};
use crate::diag::FileIssue;
use crate::family::ReadOptions;
use crate::family::RecordCut;
use crate::read::{read_text, Piece};
use crate::record::Game;
use crate::report::Document;
use crate::shard::{Shard, ShardPlace};
use encoding_rs::Encoding;

use crate::read::Decoding;
use crate::text::{self, DecodeIssue, PartsDecoder, StreamDecoder, Syntax};
use crate::{detect, registry};

/// Inputs up to this size are decoded whole before they are cut, exactly as a whole read
/// decodes them, so that standard input or a pipe gives what the same file gives; the
/// first this many bytes of a longer input decide its encoding and game family. Readers
/// of whole files (the command line) read larger files through the stream.
pub const WHOLE_DECODE: usize = text::FIRST_BYTES;

/// Reads one input as a sequence of documents.
pub struct DocumentStream<R> {
    source: String,
    reader: R,
    options: ReadOptions,
    state: Option<State>,
    finished: bool,
    /// Pieces being replayed on the pool, oldest first (a few per core); each gives its
    /// document once.
    in_flight: VecDeque<Receiver<Document>>,
    /// The shard of the file this stream reads, if it reads one.
    place: Option<ShardPlace>,
}

/// What reading on gives.
enum Next {
    Piece(PieceText),
    /// The input is not read as records (binary, empty, or a record over the size
    /// limit): one document says why, and reading stops.
    Refused(FileIssue),
    End,
}

/// A piece of text cut from the input, ready to be read as a document.
struct PieceText {
    decoding: Decoding,
    piece: Piece,
}

/// How the bytes after the first ones are decoded: in one encoding, or part by part
/// (SGF trees that declare different charsets, and every stream of SGF past its first
/// bytes, where a later tree may).
enum Decoder {
    One(StreamDecoder),
    Parts(PartsDecoder),
}

impl Decoder {
    fn feed(
        &mut self,
        bytes: &[u8],
        last: bool,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
        runs: &mut Vec<(usize, &'static Encoding)>,
    ) {
        match self {
            Decoder::One(decoder) => decoder.feed(bytes, last, out, issues),
            Decoder::Parts(decoder) => decoder.feed(bytes, last, out, issues, runs),
        }
    }
}

/// What is known once the first bytes have been read.
struct State {
    decoder: Decoder,
    /// The encoding the first bytes were decoded from.
    first_encoding: &'static Encoding,
    /// Bytes of the byte-order mark the decoder skipped.
    bom_len: usize,
    syntax: Syntax,
    /// The encoding of the pending text's start.
    encoding: &'static str,
    game: Option<Game>,
    boundary: Box<dyn RecordCut>,
    pending: String,
    issues: Vec<DecodeIssue>,
    /// Where parts of the pending text decoded in another encoding begin.
    runs: Vec<(usize, &'static Encoding)>,
    eof: bool,
    lines_before: usize,
    /// Characters of the current line already in earlier pieces.
    columns_before: usize,
    next_index: usize,
    first: bool,
}

impl<R: Read> DocumentStream<R> {
    /// A stream over `reader`, read as the file named `source` is (its extension may tell the family).
    pub fn new(source: &str, reader: R, options: &ReadOptions) -> DocumentStream<R> {
        DocumentStream {
            source: source.to_string(),
            reader,
            options: ReadOptions {
                extension: registry::extension_of(source),
                ..options.clone()
            },
            state: None,
            finished: false,
            in_flight: VecDeque::new(),
            place: None,
        }
    }

    /// Line ends read so far, and characters after the last: once the stream has ended,
    /// those of the whole input (of a shard: of its part), from which the next shard's
    /// lines go on.
    pub fn lines_read(&self) -> (usize, usize) {
        self.state
            .as_ref()
            .map_or((0, 0), |state| (state.lines_before, state.columns_before))
    }

    /// Where the shard this stream reads lies ([`DocumentStream::shard`]).
    pub fn place(&self) -> Option<ShardPlace> {
        self.place
    }

    /// The next piece of the input, read and replayed; `None` after the last.
    pub fn next_document(&mut self) -> io::Result<Option<Document>> {
        if self.in_flight.is_empty() {
            self.read_ahead()?;
        }
        // Later pieces are read and cut while the oldest is replayed; once the game is
        // known, that is (until then each piece may decide it for the next).
        let in_flight = 2 * crate::pool::threads() + 1;
        while self.in_flight.len() < in_flight
            && !self.finished
            && self
                .state
                .as_ref()
                .is_some_and(|state| state.game.is_some())
        {
            self.read_ahead()?;
        }
        let Some(oldest) = self.in_flight.pop_front() else {
            return Ok(None);
        };
        let mut document = oldest
            .recv()
            .map_err(|_| io::Error::other("replaying a piece of the input failed"))?;
        document.shard = self.place;
        if let Some(state) = self.state.as_mut() {
            for report in &mut document.records {
                report.index += state.next_index;
            }
            state.next_index += document.records.len();
            if state.game.is_none() {
                state.game = document.game;
            }
        }
        Ok(Some(document))
    }

    /// Cuts the next piece, if any, and starts replaying it on the pool.
    fn read_ahead(&mut self) -> io::Result<()> {
        let (sender, receiver) = mpsc::channel();
        match self.next_piece()? {
            Next::End => return Ok(()),
            Next::Refused(issue) => {
                // The family as a whole read names it: from the options or the name only.
                let game = self
                    .options
                    .game
                    .or_else(|| registry::game_from_path(&self.source));
                let _ = sender.send(Document::without_records(&self.source, game, issue));
            }
            Next::Piece(PieceText { decoding, piece }) => {
                let state = self.state.as_ref().expect("a piece follows start");
                let game = state.game;
                let (source, options) = (self.source.clone(), self.options.clone());
                crate::pool::spawn(move || {
                    let document = read_text(&source, decoding, game, &options, piece);
                    // The stream may have been dropped meanwhile; then nobody wants it.
                    let _ = sender.send(document);
                });
            }
        }
        self.in_flight.push_back(receiver);
        Ok(())
    }

    /// Reads until a piece can be cut (or the input ends) and cuts it.
    fn next_piece(&mut self) -> io::Result<Next> {
        if self.finished {
            return Ok(Next::End);
        }
        if self.state.is_none() {
            let (state, refusal) = self.start()?;
            self.state = Some(state);
            if let Some(issue) = refusal {
                self.finished = true;
                return Ok(Next::Refused(issue));
            }
        }
        let limit = self
            .options
            .max_record_size
            .unwrap_or(ReadOptions::DEFAULT_MAX_RECORD_SIZE);
        loop {
            let Some(state) = self.state.as_mut() else {
                return Ok(Next::End);
            };
            let (piece, read) = state.boundary.lengths();
            if state.pending.len() >= piece {
                if let Some(cut) = state.boundary.find(&state.pending, piece) {
                    return Ok(Next::Piece(self.cut(cut)));
                }
                if state.pending.len() > limit {
                    self.finished = true;
                    return Ok(Next::Refused(FileIssue::RecordTooLarge { limit }));
                }
            }
            if state.eof {
                self.finished = true;
                let all = state.pending.len();
                return Ok(Next::Piece(self.cut(all)));
            }
            let mut buffer = vec![0; read];
            let filled = read_full(&mut self.reader, &mut buffer)?;
            let state = self.state.as_mut().expect("started above");
            state.eof = filled < read;
            state.decoder.feed(
                &buffer[..filled],
                state.eof,
                &mut state.pending,
                &mut state.issues,
                &mut state.runs,
            );
        }
    }

    /// Reads the first bytes and decides the encoding and the game family; also says
    /// when they show an input that holds no text (empty, binary).
    fn start(&mut self) -> io::Result<(State, Option<FileIssue>)> {
        let mut sample = Vec::new();
        // Grown as the bytes come, so that a small input takes little memory; one byte
        // past the limit tells an input of exactly that size from a longer one.
        loop {
            let filled = sample.len();
            let more = (WHOLE_DECODE + 1 - filled).min(filled.max(64 << 10));
            if more == 0 {
                break;
            }
            sample.resize(filled + more, 0);
            let read = read_full(&mut self.reader, &mut sample[filled..])?;
            sample.truncate(filled + read);
            if read < more {
                break;
            }
        }
        let eof = sample.len() <= WHOLE_DECODE;
        let game = self
            .options
            .game
            .or_else(|| registry::game_from_path(&self.source));
        let forced = self.options.encoding;
        let declared = registry::declared_charset(&sample, game);
        self.options.declared_charset = declared.as_ref().map(|(label, _)| label.to_string());
        let syntax = registry::syntax(&sample, game);
        let (decoder, pending, issues, runs, bom_len, refusal) = if eof {
            // The whole input is here: decoded as a whole file is, structure protected.
            let (decoded, refusal) = match crate::read::decode_input(&sample, forced, game) {
                Ok((decoded, _)) => (decoded, None),
                Err(issue) => (text::decode(&sample, forced, declared, syntax), Some(issue)),
            };
            // A byte-order mark is skipped when it names the encoding chosen.
            let bom_len = encoding_rs::Encoding::for_bom(&sample)
                .filter(|(bom, _)| *bom == decoded.encoding)
                .map_or(0, |(_, len)| len);
            let decoder = Decoder::One(StreamDecoder::new(decoded.encoding, sample.len(), syntax));
            (
                decoder,
                decoded.text,
                decoded.issues,
                decoded.runs,
                bom_len,
                refusal,
            )
        } else {
            // Only a whole input can be empty; any sample can show binary data, but not
            // the NULs of trees in UTF-16 among others.
            let refusal = detect::not_text(&sample)
                .filter(|issue| *issue != FileIssue::EmptyFile)
                .and_then(|_| {
                    let parts =
                        registry::charset_parts(&sample, std::str::from_utf8(&sample).ok(), game)
                            .unwrap_or_default();
                    detect::not_text_besides(&sample, &text::utf16_ranges(&sample, &parts))
                        .filter(|issue| *issue != FileIssue::EmptyFile)
                });
            let choice = text::choose_encoding(&sample, false, forced, declared, syntax);
            let scan = forced
                .is_none()
                .then(|| registry::part_scan(&sample, game, 0))
                .flatten();
            let mut pending = String::new();
            let mut runs = Vec::new();
            let (mut decoder, mut issues) = match scan {
                Some(_) => {
                    let decoder = PartsDecoder::new(
                        || registry::part_scan(&sample, game, 0).expect("the family scans parts"),
                        &sample,
                        (choice.encoding, choice.bom_len),
                        syntax,
                    );
                    // A choice for the whole sample is the file's only if it decodes as one.
                    let issues = if decoder.decodes_as_one() {
                        choice.issues
                    } else {
                        Vec::new()
                    };
                    (Decoder::Parts(decoder), issues)
                }
                None => (
                    Decoder::One(StreamDecoder::new(choice.encoding, choice.bom_len, syntax)),
                    choice.issues,
                ),
            };
            // A decoder of parts has taken the sample in.
            let first = match decoder {
                Decoder::One(_) => &sample[choice.bom_len.min(sample.len())..],
                Decoder::Parts(_) => &[][..],
            };
            decoder.feed(first, false, &mut pending, &mut issues, &mut runs);
            (decoder, pending, issues, runs, choice.bom_len, refusal)
        };
        let game = game.or_else(|| registry::game_from_text(&pending));
        let first_encoding = match &decoder {
            Decoder::One(decoder) => decoder.encoding(),
            Decoder::Parts(decoder) => decoder.file_encoding(),
        };
        let encoding = text::encoding_display_name(first_encoding);
        let state = State {
            decoder,
            first_encoding,
            bom_len,
            syntax,
            encoding,
            game,
            boundary: registry::cutter(game),
            pending,
            issues,
            runs,
            eof,
            lines_before: 0,
            columns_before: 0,
            next_index: 0,
            first: true,
        };
        Ok((state, refusal))
    }

    /// Takes the first `cut` bytes of the pending text, with their decoding issues, as a
    /// piece. Record indices are counted from 0 and shifted when the document arrives.
    fn cut(&mut self, cut: usize) -> PieceText {
        let state = self.state.as_mut().expect("a cut follows start");
        let rest = state.pending.split_off(cut);
        let text = std::mem::replace(&mut state.pending, rest);
        let (mine, later): (Vec<DecodeIssue>, Vec<DecodeIssue>) = state
            .issues
            .drain(..)
            .partition(|issue| issue.span().is_none_or(|span| span.start < cut));
        state.issues = later
            .into_iter()
            .map(|mut issue| {
                issue.moved_back(cut);
                issue
            })
            .collect();
        // The encoding at the piece's start, and where others begin within it.
        let mut encoding = state.encoding;
        let mut runs = Vec::new();
        let mut later_runs = Vec::new();
        for (at, run) in state.runs.drain(..) {
            let name = text::encoding_display_name(run);
            match at {
                0 => encoding = name,
                _ if at < cut => runs.push((at, name)),
                _ => later_runs.push((at - cut, run)),
            }
        }
        state.encoding = runs.last().map_or(encoding, |run| run.1);
        state.runs = later_runs;
        let piece = Piece {
            lines_before: state.lines_before,
            columns_before: state.columns_before,
            first: state.first,
        };
        let last_line_start = text::line_starts_after(&text)
            .inspect(|_| state.lines_before += 1)
            .last();
        // The next piece goes on with the line this one ends on, if it ends within one.
        state.columns_before = match last_line_start {
            Some(start) => text[start..].chars().count(),
            None => state.columns_before + text.chars().count(),
        };
        state.first = false;
        PieceText {
            decoding: Decoding {
                text,
                encoding,
                runs,
                issues: mine,
            },
            piece,
        }
    }
}

impl<R: Read + Seek> DocumentStream<io::Take<R>> {
    /// The records of `shard` of the file that `reader` reads (see [`crate::shard`]):
    /// those that start in the shard's byte range, moved to record boundaries. The file's
    /// first bytes decide its encoding, family and declared charset, as for the whole
    /// file. The shard is read as the part of the file it is: its records are numbered
    /// from 0 and its lines from 1 where its first record starts, and each document
    /// says where that is ([`Document::shard`]); only the shard that starts the file
    /// reports a file without records, and the file's own decoding issues.
    pub fn shard(
        source: &str,
        mut reader: R,
        shard: Shard,
        options: &ReadOptions,
    ) -> io::Result<DocumentStream<io::Take<R>>> {
        let len = reader.seek(SeekFrom::End(0))?;
        reader.seek(SeekFrom::Start(0))?;
        let mut head = DocumentStream::new(source, &mut reader, options);
        let (mut state, refusal) = head.start()?;
        let options = head.options;
        let cutting = Cutting {
            encoding: state.first_encoding,
            bom_len: state.bom_len as u64,
        };
        let limit = options
            .max_record_size
            .unwrap_or(ReadOptions::DEFAULT_MAX_RECORD_SIZE);
        let cutter = registry::cutter(state.game);
        let range = shard.byte_range(len);
        let mut cut = |at: u64| match at {
            0 => Ok(0),
            _ if at >= len || refusal.is_some() => Ok(len),
            _ => boundary::boundary_at_or_after(
                &mut reader,
                at,
                len,
                cutting,
                cutter.as_ref(),
                limit,
            ),
        };
        let offset = cut(range.start)?;
        let end = cut(range.end)?.max(offset);
        let place = ShardPlace { shard, offset, end };
        // An empty file is the first shard's, which says so.
        let whole =
            offset == 0 && (end == len || refusal.is_some()) && (len > 0 || shard.index() == 0);
        let from = if whole {
            0
        } else {
            offset.max(cutting.bom_len)
        };
        // A file decoded whole decodes its trees part by part in a shard too: the part
        // decoder is made from its first bytes, read again.
        let head_parts = match (&state.decoder, options.encoding) {
            (Decoder::One(_), None) if !whole && offset != end => {
                match registry::part_scan(&[], state.game, 0) {
                    Some(scan) => {
                        reader.seek(SeekFrom::Start(0))?;
                        let mut sample = vec![0; WHOLE_DECODE.min(len as usize)];
                        let read = read_full(&mut reader, &mut sample)?;
                        sample.truncate(read);
                        let chosen = (cutting.encoding, cutting.bom_len as usize);
                        Some(PartsDecoder::new(|| scan, &sample, chosen, state.syntax))
                    }
                    None => None,
                }
            }
            _ => None,
        };
        reader.seek(SeekFrom::Start(from))?;
        let mut stream = DocumentStream {
            source: source.to_string(),
            reader: reader.take(end.max(from) - from),
            options,
            state: None,
            finished: !whole && offset == end,
            in_flight: VecDeque::new(),
            place: Some(place),
        };
        if whole || stream.finished {
            // Read as a whole file is (or not at all).
            return Ok(stream);
        }
        let from = from as usize;
        let parts = match &state.decoder {
            Decoder::Parts(parts) => Some(parts),
            Decoder::One(_) => head_parts.as_ref(),
        };
        state.decoder = match (parts, registry::part_scan(&[], state.game, from)) {
            (Some(parts), Some(scan)) => Decoder::Parts(parts.resumed(scan, from)),
            _ => Decoder::One(StreamDecoder::new(cutting.encoding, from, state.syntax)),
        };
        state.runs.clear();
        state.encoding = text::encoding_display_name(cutting.encoding);
        state.pending.clear();
        // The file's own issues (a charset declared in vain) are the first shard's.
        state
            .issues
            .retain(|issue| offset == 0 && !matches!(issue, DecodeIssue::Malformed { .. }));
        state.eof = false;
        state.boundary = registry::cutter(state.game);
        state.lines_before = 0;
        state.columns_before = 0;
        state.next_index = 0;
        state.first = offset == 0;
        stream.state = Some(state);
        Ok(stream)
    }
}

/// Reads until `buffer` is full or the input ends; returns the bytes read.
fn read_full(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::BLOCK;

    fn pieces(text: &str, min: usize, game: Option<Game>) -> Vec<String> {
        let mut boundary = registry::cutter(game);
        let mut rest = text.to_string();
        let mut out = Vec::new();
        while let Some(cut) = boundary.find(&rest, min) {
            let tail = rest.split_off(cut);
            out.push(std::mem::replace(&mut rest, tail));
        }
        out.push(rest);
        out
    }

    #[test]
    fn text_cuts_before_tags_after_a_blank_line() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
        assert_eq!(
            pieces(pgn, 1, Some(Game::Shatar)),
            [
                "[Event \"a\"]\n\n1. e4 e5 *\n\n",
                "[Event \"b\"]\n\n1. d4 d5 *\n"
            ]
        );
    }

    #[test]
    fn sgf_cuts_between_trees_not_inside_values() {
        let sgf = "(;C[a)(b\\]c)])\n(;B[aa](;W[bb])(;W[cc]))\n";
        assert_eq!(
            pieces(sgf, 1, Some(Game::Go)),
            ["(;C[a)(b\\]c)])\n", "(;B[aa](;W[bb])(;W[cc]))\n"]
        );
        // Text between trees, and after the last, stays with the tree before it.
        let sgf = "(;B[aa])\r\njunk\r\n(;W[bb]) more (;B[cc])\ntail\n";
        assert_eq!(
            pieces(sgf, 1, Some(Game::Go)),
            ["(;B[aa])\r\njunk\r\n", "(;W[bb]) more ", "(;B[cc])\ntail\n"]
        );
        // Parentheses that hold no property are not games: no cut before them, and none
        // before a game until a game stands before the cut.
        let sgf = "(c) 2020 (;B[aa]) (x) ( ;\nW [bb])";
        assert_eq!(
            pieces(sgf, 1, Some(Game::Go)),
            ["(c) 2020 (;B[aa]) (x) ", "( ;\nW [bb])"]
        );
    }

    /// The games of the Shatar fixture, repeated into a text of several pieces.
    fn shatar_archive() -> Vec<u8> {
        let one = std::fs::read("tests/fixtures/shatar/random_games.pgn").unwrap();
        let mut big = Vec::new();
        while big.len() < 3 * 16 * BLOCK {
            big.extend_from_slice(&one);
            big.extend_from_slice(b"\n");
        }
        big
    }

    /// The Go fixtures (variations, passes, handicap, comments, and corrupted copies with
    /// their errors) as one collection of several pieces.
    fn go_archive() -> Vec<u8> {
        let mut names: Vec<_> = ["tests/fixtures/go/random", "tests/fixtures/go/corrupted"]
            .iter()
            .flat_map(|folder| std::fs::read_dir(folder).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
            .collect();
        names.sort();
        let mut big = Vec::new();
        while big.len() < 3 * BLOCK {
            for name in &names {
                big.extend_from_slice(&std::fs::read(name).unwrap());
                big.extend_from_slice(b"\n");
            }
        }
        big
    }

    #[test]
    fn streamed_pieces_match_a_whole_read() {
        for (game, big) in [(Game::Shatar, shatar_archive()), (Game::Go, go_archive())] {
            assert_streamed_like_whole(game, &big);
        }
    }

    /// SGF collections whose piece cuts fall where text stands between trees, where the
    /// trees share one line (a cut inside a line), and before trailing text.
    #[test]
    fn sgf_cuts_keep_text_between_trees_and_columns() {
        let archive = String::from_utf8(go_archive()).unwrap();
        let trees: Vec<&str> = archive.split_inclusive(")\n").collect();
        let mut between = String::new();
        let mut one_line = String::new();
        for (i, tree) in trees.iter().enumerate() {
            between.push_str(tree);
            if i % 7 == 3 {
                between.push_str("stray text between trees\r\n");
            }
            one_line.push_str(tree.trim_end());
        }
        between.push_str("trailing text\n");
        for text in [between, one_line] {
            assert_streamed_like_whole(Game::Go, text.as_bytes());
        }
    }

    /// Parentheses that hold no property are not games (a banner's `(c)`, a move in
    /// parentheses): a long text of nothing else is one record without a tree, and before,
    /// between and after games they are text between trees, wherever the pieces are cut.
    #[test]
    fn sgf_cuts_only_before_games() {
        let junk = "(c) 2020 (1. e4 !?) [x] )\n".repeat(3 * BLOCK / 26 + 1);
        let options = ReadOptions {
            game: Some(Game::Go),
            ..ReadOptions::default()
        };
        let whole = crate::read_document("junk", junk.as_bytes(), &options);
        let codes: Vec<_> = whole.records.iter().map(|r| summary(&whole, r)).collect();
        assert_eq!(codes, [(0, 0, vec![("no-game-tree", Some((1, 1)))])]);
        let mut stream = DocumentStream::new("junk", junk.as_bytes(), &options);
        let document = stream.next_document().unwrap().unwrap();
        assert!(stream.next_document().unwrap().is_none());
        let streamed: Vec<_> = document
            .records
            .iter()
            .map(|r| summary(&document, r))
            .collect();
        assert_eq!(streamed, codes);

        let archive = String::from_utf8(go_archive()).unwrap();
        let mut mixed = junk.clone();
        for (i, tree) in archive.split_inclusive(")\n").enumerate() {
            mixed.push_str(tree);
            if i % 5 == 2 {
                mixed.push_str("(x) (;) (1. e4)\n");
            }
        }
        mixed.push_str(&junk);
        assert_streamed_like_whole(Game::Go, mixed.as_bytes());
    }

    /// A PGN collection, a game with a comment longer than a piece, then a rulebook
    /// scoresheet: the stream cuts before the scoresheet and reads it alone, and the
    /// whole text must read it as a scoresheet too, not as PGN movetext (it did).
    #[test]
    fn a_scoresheet_after_pgn_reads_as_a_scoresheet_streamed_or_whole() {
        let one = std::fs::read_to_string("tests/fixtures/shatar/random_games.pgn").unwrap();
        let mut text = String::new();
        while text.len() < 20 * BLOCK {
            text.push_str(&one);
            text.push('\n');
        }
        let comment = "a long note ".repeat(18 * BLOCK / 12);
        text.push_str(&format!(
            "[Event \"long\"]\n\n1. e4 e5 {{{comment}}} 2. Nf3 *\n\n"
        ));
        text.push_str(&std::fs::read_to_string("samples/shatar/rulebook-full.txt").unwrap());
        assert_streamed_like_whole(Game::Shatar, text.as_bytes());
        let options = ReadOptions {
            game: Some(Game::Shatar),
            ..ReadOptions::default()
        };
        let whole = crate::read_document("big", text.as_bytes(), &options);
        let last = whole.records.last().unwrap();
        // The rulebook game: 11 plies, then Blue's king that is not on d8.
        assert_eq!(summary(&whole, last).1, 11);
        assert_eq!(last.diagnostics[0].code(), "no-such-piece");
    }

    fn assert_streamed_like_whole(game: Game, big: &[u8]) {
        let options = ReadOptions {
            game: Some(game),
            ..ReadOptions::default()
        };
        let whole = crate::read_document("big", big, &options);
        let mut stream = DocumentStream::new("big", big, &options);
        let mut streamed = Vec::new();
        let mut documents = 0;
        while let Some(document) = stream.next_document().unwrap() {
            documents += 1;
            streamed.extend(document.records.iter().map(|r| summary(&document, r)));
        }
        assert!(documents >= 3);
        let expected: Vec<_> = whole.records.iter().map(|r| summary(&whole, r)).collect();
        assert_eq!(streamed, expected);
    }

    /// A record's index, plies, and its first diagnostic's code with line and column.
    type Summary = (usize, u32, Vec<(&'static str, Option<(usize, usize)>)>);

    fn summary(document: &Document, report: &crate::RecordReport) -> Summary {
        let diagnostics = report
            .diagnostics
            .iter()
            .map(|d| {
                let located = d.located(&document.text, &document.lines);
                (d.code(), located.line_col())
            })
            .collect();
        (report.index, report.plies, diagnostics)
    }
}
