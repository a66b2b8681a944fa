//! Replaying one Go game tree (main line and variations) through the rules engine, then
//! its game information: komi, handicap and the recorded result against the final
//! position; the record is kept as replayed.
//!
//! Nothing here recurses on the input: the tree is walked with an explicit stack of branch
//! points whose children are still to replay, each holding the one position its children
//! start from (at most log2 of the tree's nodes wait at once, however many variations it
//! has), and the kept record is assembled bottom-up from a flat list of lines.

use std::collections::HashSet;
use std::ops::Range;

use super::board::{Board, BoardPoint, Color, PlayError, PlayOutcome, Point};
use super::dedup::Played;
use super::issue::GoIssue;
use super::properties::{Class, Code, GAME_INFO};
use super::rules::{RuleSet, Rules, Scoring};
use super::scoring::{
    check_result, parse_result, score, GameResult, Komi, KomiUnit, ResultCheck, Unverifiable,
};
use super::sgf::grammar::letter_coordinate;
use super::sgf::{BoardSize, GameTree, Move, NodeId, NodeRef, Property, Value, ValueError};
use super::{GoMove, Outcome, Setup};
use crate::diag::{Diagnostic, Evidence, Kind, Repaired, Severity, Side};
use crate::intent::{self, Candidate, Edit, Sheet, Slip};
use crate::record::{append_comment, Line, Node, Record, Tags, REPAIRED};
use crate::text::Span;

/// Variations nested deeper than this are replayed but not kept: the kept record is
/// nested, and dropping or serialising it recurses once per level.
const MAX_RECORD_DEPTH: usize = 100;

/// Positions of history copied into variations (each copy costs its line's length) before
/// later variations start with a fresh history, which keeps huge trees linear.
const HISTORY_BUDGET: u64 = 20_000_000;

/// Marks a line that is not kept.
const UNKEPT: usize = usize::MAX;

/// `PL`, whose turn it is; `SZ` and `RU`, looked up by code, not by text.
const PL: Code = Code::of(b"PL");
const SZ: Code = Code::of(b"SZ");
const RU: Code = Code::of(b"RU");

/// The setup of `node` on a board of `size`, point by point in the order written: the
/// stone each `AB` or `AW` puts there, `None` for `AE`. Points that cannot be read are
/// the structural check's.
pub(super) fn setup_points(node: NodeRef<'_>, size: BoardSize) -> Vec<(Point, Option<Color>)> {
    let mut points = Vec::new();
    for prop in node.properties() {
        let stone = match prop.ident() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            _ => continue,
        };
        for value in prop.values() {
            for p in value.points(size).unwrap_or_default() {
                points.push((Point::new(p.x, p.y), stone));
            }
        }
    }
    points
}

/// The player of `color`.
fn side(color: Color) -> Side {
    match color {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// The replayed record and what it could not hold of the tree.
pub(super) struct Kept {
    pub(super) record: Record<GoMove>,
    pub(super) unreplayed_from: Option<NodeId>,
    pub(super) variations_cut: bool,
    pub(super) comments_lost: bool,
}

/// The position of one line being replayed.
#[derive(Clone)]
struct State {
    board: Board,
    /// Per point (row-major): the move that put the stone there, 0 for a setup stone.
    placed_at: Vec<u32>,
    /// Move nodes replayed in this line, counting from the start of the game.
    ply: u32,
    /// The move number of the second of two passes in a row, once the game has ended.
    ended_at: Option<u32>,
    moved_after_end: bool,
    /// The single stone the last move captured, where an immediate retake would be ko.
    ko_point: Option<Point>,
    /// Who played the last stone, unless a pass or setup came after it.
    last_mover: Option<Color>,
}

impl State {
    fn slot(&self, point: Point) -> usize {
        usize::from(point.y) * usize::from(self.board.width()) + usize::from(point.x)
    }

    /// The empty board of `size` under `rules`, in the memory of `spare` where there is
    /// one; `None` for a size no board has.
    fn start(spare: Option<State>, size: BoardSize, rules: &RuleSet) -> Option<State> {
        let (width, height) = (u32::from(size.width), u32::from(size.height));
        let points = usize::from(size.width) * usize::from(size.height);
        let (board, placed_at) = match spare {
            Some(State {
                mut board,
                mut placed_at,
                ..
            }) => {
                board.renew(width, height, rules.ko, rules.suicide).ok()?;
                placed_at.clear();
                placed_at.resize(points, 0);
                (board, placed_at)
            }
            None => {
                let board = Board::new(width, height)
                    .ok()?
                    .with_ko_rule(rules.ko)
                    .with_suicide_allowed(rules.suicide);
                (board, vec![0; points])
            }
        };
        Some(State {
            board,
            placed_at,
            ply: 0,
            ended_at: None,
            moved_after_end: false,
            ko_point: None,
            last_mover: None,
        })
    }

    /// A copy of this position, with its repetition history or without, in the memory of
    /// `spare` where there is one.
    fn copy(&self, spare: Option<State>, with_history: bool) -> State {
        match spare {
            Some(State {
                mut board,
                mut placed_at,
                ..
            }) => {
                board.copy_from(&self.board, with_history);
                placed_at.clone_from(&self.placed_at);
                State {
                    board,
                    placed_at,
                    ..*self
                }
            }
            None if with_history => self.clone(),
            None => State {
                board: self.board.clone_without_history(),
                placed_at: self.placed_at.clone(),
                ..*self
            },
        }
    }
}

/// Positions whose lines are done, kept for the next line or record to start from: their
/// boards, repetition tables and move maps are allocated once per reader, not once per
/// record and variation.
#[derive(Default)]
pub(super) struct Spare(Vec<State>);

/// A line still to replay: from `node` on, in `state`.
struct Job {
    node: NodeId,
    /// One past the last node of `node`'s subtree: the arena is in pre-order, so a subtree
    /// is the nodes from its root up to its root's next sibling (or its parent's end).
    end: usize,
    state: State,
    /// Index into `Replay::lines`, or [`UNKEPT`].
    line: usize,
    depth: usize,
    main: bool,
}

/// The continuations of a branch point not yet started. Each lighter child starts from a
/// copy of `state` made only when its turn comes, so a node with a million children holds
/// one position, not a million; the heaviest child takes `state` itself, last.
struct Branch {
    /// The position after the branch point.
    state: State,
    /// The next child to start and its position among the children.
    next: Option<(NodeId, usize)>,
    /// The child with the largest subtree, and its position among the children.
    heavy: (NodeId, usize),
    /// The end ([`Job::end`]) of the branch point's subtree, which its last child's is.
    end: usize,
    /// The line, depth and main-line flag of the branch point, which its first child
    /// continues.
    line: usize,
    depth: usize,
    main: bool,
    /// The kept line of the second child; the others follow it in order. [`UNKEPT`] when
    /// the alternatives are not kept.
    alternative_lines: usize,
    /// How many of the copies still to make carry the repetition history.
    with_history: usize,
}

impl Branch {
    /// The heaviest child's job, which takes the position itself.
    fn into_heavy(self, tree: &GameTree) -> Job {
        let (node, index) = self.heavy;
        let (line, depth, main) = self.place(index);
        Job {
            node,
            end: subtree_end(tree, node, self.end),
            state: self.state,
            line,
            depth,
            main,
        }
    }

    /// The line, depth and main-line flag of the child at position `index`.
    fn place(&self, index: usize) -> (usize, usize, bool) {
        match index {
            0 => (self.line, self.depth, self.main),
            _ if self.alternative_lines == UNKEPT => (UNKEPT, self.depth + 1, false),
            _ => (self.alternative_lines + index - 1, self.depth + 1, false),
        }
    }
}

/// The end ([`Job::end`]) of the subtree of `node`, a child of a node whose subtree ends at
/// `parent_end`.
fn subtree_end(tree: &GameTree, node: NodeId, parent_end: usize) -> usize {
    tree.node(node)
        .next_sibling()
        .map_or(parent_end, |sibling| sibling.id().index())
}

/// The sibling after `node`, which is at position `index` among its parent's children.
fn sibling_after(tree: &GameTree, (node, index): (NodeId, usize)) -> Option<(NodeId, usize)> {
    tree.node(node)
        .next_sibling()
        .map(|sibling| (sibling.id(), index + 1))
}

/// A kept line under construction.
#[derive(Default)]
struct LineBuf {
    nodes: Line<GoMove>,
    /// The parent line and the index in it of the move this line replaces.
    attach: Option<(usize, usize)>,
    /// A comment from a node without a move, waiting for the line's first move.
    pending_comment: Option<String>,
    /// Finished child lines: (index of the move they replace, line id, moves).
    variations: Vec<(usize, usize, Line<GoMove>)>,
}

/// What one game tree's replay accumulates.
pub(super) struct Replay<'a> {
    text: &'a str,
    tree: &'a GameTree,
    size: BoardSize,
    keep: bool,
    /// Play a stone the rules refuse, written in the other colour's turn, as the colour
    /// to move where that is legal.
    pub(super) repair: bool,
    /// Build the record's tags even if it is not kept ([`crate::ReadOptions::keep_tags`]).
    pub(super) keep_tags: bool,
    /// The main line's setup and moves as replayed, when the game is fingerprinted.
    pub(super) played: Option<Vec<Played>>,
    /// The rules the record is replayed and scored under.
    rules: RuleSet,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Starts of the move values reported here, whose structural duplicates are dropped.
    pub(super) reported_values: HashSet<usize>,
    lines: Vec<LineBuf>,
    history_spent: u64,
    superko_limited: bool,
    too_deep: bool,
    /// Some kept variation stops at a move that could not be replayed, or hangs off the
    /// unreplayed part of the main line: the record holds less of it than the tree.
    variations_cut: bool,
    /// The main-line node whose move could not be replayed: from there on, the record
    /// holds the main line as written.
    unreplayed_from: Option<NodeId>,
    pub(super) plies: u32,
    /// The main line's final state, when every move of it was replayed.
    main_final: Option<State>,
    /// The game information of the main-line nodes replayed, gathered as they are visited.
    info: GameInfo<'a>,
    /// The first main-line node not replayed, whose game information is still to read.
    info_rest: Option<NodeRef<'a>>,
    record: Record<GoMove>,
    /// Positions to reuse, lent by the reader ([`Replay::take_spare`] gives them back).
    pub(super) spare: Spare,
}

impl<'a> Replay<'a> {
    pub(super) fn new(text: &'a str, tree: &'a GameTree, keep: bool) -> Replay<'a> {
        let size = tree
            .root()
            .get_code(SZ)
            .and_then(|p| p.value())
            .and_then(|v| v.board_size().ok())
            .unwrap_or_default();
        Replay {
            text,
            tree,
            size,
            keep,
            repair: false,
            keep_tags: false,
            played: None,
            rules: Rules::default().rule_set(),
            diagnostics: Vec::new(),
            reported_values: HashSet::new(),
            lines: Vec::new(),
            history_spent: 0,
            superko_limited: false,
            too_deep: false,
            variations_cut: false,
            unreplayed_from: None,
            plies: 0,
            main_final: None,
            info: GameInfo::new(),
            info_rest: Some(tree.root()),
            record: Record::new(super::GAME),
            spare: Spare::default(),
        }
    }

    /// The positions to reuse, the main line's final one with them: after the last look
    /// at [`Replay::final_board`].
    pub(super) fn take_spare(&mut self) -> Spare {
        let mut spare = std::mem::take(&mut self.spare);
        spare.0.extend(self.main_final.take());
        spare
    }

    fn report(&mut self, issue: GoIssue, span: Range<usize>, at: Option<(u32, Color)>) {
        let mut diagnostic = Diagnostic::new(issue.severity(), Kind::game(issue), Some(span));
        if let Some((ply, color)) = at {
            diagnostic = diagnostic.at_ply(ply, ply, side(color));
        }
        self.diagnostics.push(diagnostic);
    }

    /// The rules from `chosen` (`--rules`), else from `RU` (Chinese when it is missing,
    /// with a note when qipu does not know it).
    pub(super) fn choose_rules(&mut self, chosen: Option<Rules>) {
        // An empty RU[] says nothing, like a missing one.
        let ru = self
            .tree
            .root()
            .get_code(RU)
            .and_then(|p| p.value())
            .map(|v| (v.simple_text(), v))
            .filter(|(text, _)| !text.trim().is_empty());
        let rules = match (chosen, ru) {
            (Some(rules), _) => rules,
            (None, None) => Rules::default(),
            (None, Some((text, value))) => Rules::from_ru(&text).unwrap_or_else(|| {
                self.report(
                    GoIssue::UnknownRules {
                        value: text.trim().to_string(),
                    },
                    value.span.clone(),
                    None,
                );
                Rules::default()
            }),
        };
        self.rules = rules.rule_set();
    }

    pub(super) fn run(&mut self) {
        // A record without its tags needs of its game information only what is checked.
        if !self.keep && !self.keep_tags {
            self.info.wanted = CHECKED_INFO;
        }
        let Some(state) = State::start(self.spare.0.pop(), self.size, &self.rules) else {
            // SZ values outside 1..=52 are refused by the reader, so this is unreachable.
            return;
        };
        let line = if self.keep {
            self.lines.push(LineBuf::default());
            0
        } else {
            UNKEPT
        };
        let mut stack = Vec::new();
        let root = Job {
            node: NodeId::ROOT,
            end: self.tree.len(),
            state,
            line,
            depth: 0,
            main: true,
        };
        self.walk(root, &mut stack);
        // The branch point on top starts its next child, which may push branch points of
        // its own; once it has none left, its heaviest child goes on from its position.
        loop {
            let job = match stack.last_mut() {
                None => break,
                Some(branch) => match self.next_alternative(branch) {
                    Some(job) => job,
                    None => match stack.pop() {
                        Some(branch) => branch.into_heavy(self.tree),
                        None => break,
                    },
                },
            };
            self.walk(job, &mut stack);
        }
        if self.superko_limited {
            self.report(GoIssue::SuperkoLimited, self.tree.root().span(), None);
        }
        if self.too_deep {
            self.report(
                GoIssue::VariationsTooDeep {
                    depth: MAX_RECORD_DEPTH,
                },
                self.tree.root().span(),
                None,
            );
        }
    }

    /// Replays one line until it ends or breaks a rule; a branch point goes on the stack.
    fn walk(&mut self, job: Job, stack: &mut Vec<Branch>) {
        let Job {
            node,
            end,
            mut state,
            line,
            depth,
            main,
        } = job;
        // An only child's subtree ends where its parent's does.
        let mut current = self.tree.node(node);
        let lean = line == UNKEPT && self.played.is_none();
        let (completed, last) = loop {
            let replayed = (lean && self.quiet_node(current, &mut state, main))
                || self.visit(current, &mut state, line, main);
            if !replayed {
                if line != UNKEPT {
                    self.keep_unreplayed(current, main);
                }
                self.check_rest(current, state.clone());
                break (false, current);
            }
            if current.is_root() && self.keep {
                self.record.start = setup_of(&state.board);
            }
            let Some(first) = current.first_child() else {
                break (true, current);
            };
            if first.next_sibling().is_none() {
                current = first;
                continue;
            }
            self.branch(state, (line, depth, main), current, end, stack);
            return;
        };
        if main {
            self.info_rest = last.first_child();
            self.plies = state.ply;
            if completed {
                self.main_final = Some(state);
                return;
            }
        }
        self.spare.0.push(state);
    }

    /// Goes on along the line after the move of `failed` that broke a rule, as SGFC does:
    /// that stone is placed anyway, and so is every later one, each that breaks a rule
    /// reported (once, as an error). The record keeps none of it: its moves stop at the
    /// first error, which stays its verdict.
    #[cold]
    #[inline(never)]
    fn check_rest(&mut self, failed: NodeRef<'a>, mut state: State) {
        let size = self.size;
        let moves = |node: NodeRef<'a>| {
            node.properties()
                .filter(|p| matches!(p.ident(), "B" | "W"))
                .filter_map(move |prop| {
                    let color = if prop.ident() == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    match prop.value()?.go_move(size).ok()? {
                        Move::Play(point) => Some((prop, color, Some(point))),
                        Move::Pass => Some((prop, color, None)),
                    }
                })
                .collect::<Vec<_>>()
        };
        for (_, color, point) in moves(failed) {
            if let Some(point) = point.filter(|p| state.board.get(*p) != Some(color)) {
                let _ = state.board.place(color, point);
            }
        }
        state.ply += 1;
        for node in std::iter::successors(failed.first_child(), |n| n.first_child()) {
            for (point, stone) in setup_points(node, size) {
                let _ = state.board.set(point, stone);
            }
            for (prop, color, point) in moves(node) {
                state.ply += 1;
                let Some(point) = point else {
                    state.board.pass(color);
                    continue;
                };
                if let Err(error) = state.board.play(color, point) {
                    let issue = self.refusal(&state, color, point, error);
                    self.report(issue, prop.span(), Some((state.ply, color)));
                    let _ = state.board.place(color, point);
                }
                let slot = state.slot(point);
                state.placed_at[slot] = state.ply;
            }
        }
    }

    /// Keeps what the record loses when a kept line stops at `node`: the rest of the main
    /// line as written, or the fact that a variation is cut short.
    fn keep_unreplayed(&mut self, node: NodeRef<'_>, main: bool) {
        if !main {
            self.variations_cut = true;
            return;
        }
        let mut rest = String::new();
        for node in std::iter::successors(Some(node), |n| n.first_child()) {
            rest.push_str(self.text.get(node.span()).unwrap_or_default());
            // The alternatives below are not replayed at all.
            self.variations_cut |= node.children().nth(1).is_some();
        }
        self.record.unreplayed = Some(rest);
        self.unreplayed_from = Some(node.id());
    }

    /// Queues the children of the branch point `node`. The child with the largest subtree
    /// takes `state` and is replayed last; the others are replayed first, in order, each
    /// from a copy made when it starts, so at most log2(nodes) positions wait on the stack.
    /// `end` is the end of `node`'s subtree ([`Job::end`]).
    fn branch(
        &mut self,
        state: State,
        (line, depth, main): (usize, usize, bool),
        node: NodeRef<'_>,
        end: usize,
        stack: &mut Vec<Branch>,
    ) {
        let attach_at = self.lines.get(line).map_or(0, |buf| buf.nodes.len());
        let keep_alternatives = line != UNKEPT && depth < MAX_RECORD_DEPTH;
        let alternative_lines = if keep_alternatives {
            self.lines.len()
        } else {
            UNKEPT
        };
        let alternatives = node.children().count() - 1;
        if keep_alternatives {
            let line_buf = || LineBuf {
                attach: Some((line, attach_at)),
                ..LineBuf::default()
            };
            self.lines
                .extend(std::iter::repeat_with(line_buf).take(alternatives));
        } else {
            self.too_deep |= line != UNKEPT;
        }
        // The first child with the largest subtree (every subtree holds at least one node):
        // each child's subtree runs up to the next child, the last one's to `end`.
        let (mut heavy, mut heaviest) = ((NodeId::ROOT, 0), 0);
        for (index, child) in node.children().enumerate() {
            let size = subtree_end(self.tree, child.id(), end) - child.id().index();
            if size > heaviest {
                (heavy, heaviest) = ((child.id(), index), size);
            }
        }
        let with_history = self.charge_copies(alternatives, state.ply);
        let first = node.first_child().map(|child| (child.id(), 0));
        stack.push(Branch {
            state,
            next: first,
            heavy,
            end,
            line,
            depth,
            main,
            alternative_lines,
            with_history,
        });
    }

    /// The next lighter child of `branch`, from a copy of its position; `None` once only
    /// the heaviest is left.
    fn next_alternative(&mut self, branch: &mut Branch) -> Option<Job> {
        let tree = self.tree;
        let mut next = branch.next;
        if next.is_some_and(|(id, _)| id == branch.heavy.0) {
            next = sibling_after(tree, branch.heavy);
        }
        let (node, index) = next?;
        branch.next = sibling_after(tree, (node, index));
        let with_history = branch.with_history > 0;
        branch.with_history -= usize::from(with_history);
        let state = branch.state.copy(self.spare.0.pop(), with_history);
        let (line, depth, main) = branch.place(index);
        Some(Job {
            node,
            end: subtree_end(tree, node, branch.end),
            state,
            line,
            depth,
            main,
        })
    }

    /// Charges `copies` copies of a position after `ply` moves to the history budget; the
    /// number of them, in order, that still carry the repetition history.
    fn charge_copies(&mut self, copies: usize, ply: u32) -> usize {
        let ply = u64::from(ply);
        // Each copy costs its line's length; those within the budget keep the history.
        let within = match HISTORY_BUDGET.checked_sub(self.history_spent) {
            None => 0,
            // Copies before any move cost nothing: every one fits.
            Some(left) => left.checked_div(ply).map_or(copies, |fit| {
                usize::try_from(fit).map_or(copies, |fit| copies.min(fit))
            }),
        };
        self.history_spent += ply * copies as u64;
        self.superko_limited |= within < copies;
        within
    }

    /// Applies one node: setup first, then its move(s). False when a move breaks a rule or
    /// cannot be read, which ends the line.
    fn visit(&mut self, node: NodeRef<'a>, state: &mut State, line: usize, main: bool) -> bool {
        // One pass: setup is applied as it comes, the move (nearly always alone in its
        // node) waits until the setup is done, whatever the order written.
        let mut first_move = None;
        let mut more_moves = false;
        // Made at the first setup property: most nodes have none.
        let mut set_here: Option<HashSet<Point>> = None;
        for prop in node.properties() {
            // Matched by the code the parser stored: no identifier text is sliced.
            let stone = match prop.code() {
                Code::B => {
                    more_moves |= first_move.is_some();
                    first_move.get_or_insert((prop, Color::Black));
                    continue;
                }
                Code::W => {
                    more_moves |= first_move.is_some();
                    first_move.get_or_insert((prop, Color::White));
                    continue;
                }
                Code::AB => Some(Color::Black),
                Code::AW => Some(Color::White),
                Code::AE => None,
                // Whose turn it is, said outright.
                PL => {
                    state.last_mover = None;
                    if main {
                        self.info.note(prop.code(), prop, node);
                    }
                    continue;
                }
                code => {
                    // Read here rather than in a walk of its own along the main line.
                    if main && code.traits().is(Class::TAG) {
                        self.info.note(prop.code(), prop, node);
                    }
                    continue;
                }
            };
            state.last_mover = None;
            // Bad setup values are reported by the structural check.
            let set_here = set_here.get_or_insert_with(HashSet::new);
            for value in prop.values() {
                for p in value.points(self.size).unwrap_or_default() {
                    let point = Point::new(p.x, p.y);
                    if let (Some(played), true) = (&mut self.played, main) {
                        played.push(Played::Setup(point, stone));
                    }
                    // A point set twice in one node is the structural check's.
                    if set_here.insert(point) && state.board.get(point) == stone {
                        let issue = GoIssue::SetupChangesNothing {
                            stone,
                            point: self.named(point),
                        };
                        self.report(issue, value.span.clone(), None);
                    }
                    if state.board.set(point, stone).is_ok() {
                        let slot = state.slot(point);
                        state.placed_at[slot] = 0;
                    }
                }
            }
        }
        let Some((prop, color)) = first_move else {
            self.keep_comment(node, line, main);
            return true;
        };
        let Some(mut moved) = self.play_move(node, prop, color, state, (line, main)) else {
            return false;
        };
        if more_moves {
            match self.play_later_moves(node, state, (line, main)) {
                Some(played) => moved |= played,
                None => return false,
            }
        }
        if !moved {
            self.keep_comment(node, line, main);
        }
        true
    }

    /// The lean path of [`Replay::visit`] on a line that is neither kept nor fingerprinted,
    /// for the node nearly every line is made of: one stone that the rules let its colour
    /// play, written as two letters, beside properties the replay does not read (time left,
    /// a comment), in a game that has not ended. Whether it replayed the node; when not,
    /// nothing has changed and `visit` takes the node.
    #[inline(always)]
    fn quiet_node(&mut self, node: NodeRef<'a>, state: &mut State, main: bool) -> bool {
        if state.ended_at.is_some() {
            return false;
        }
        let mut found = None;
        for prop in node.properties() {
            match prop.code() {
                Code::B | Code::W if found.is_some() => return false,
                Code::B => found = Some((prop, Color::Black)),
                Code::W => found = Some((prop, Color::White)),
                Code::AB | Code::AW | Code::AE | PL => return false,
                code if main && code.traits().is(Class::TAG) => return false,
                _ => {}
            }
        }
        let Some((prop, color)) = found else {
            return false;
        };
        let Some(Move::Play(point)) = prop.only_raw().and_then(|raw| match *raw {
            [x, y] => point_on_board(x, y, self.size),
            _ => None,
        }) else {
            return false;
        };
        // A refused stone is left to `visit`, which finds the board as it was.
        let Ok(outcome) = state.board.play_inlined(color, point) else {
            return false;
        };
        let ply = state.ply + 1;
        self.placed(state, outcome, color, point, prop, ply);
        if state.last_mover.replace(color) == Some(color) {
            self.report(
                GoIssue::SameColourTwice { color },
                prop.span(),
                Some((ply, color)),
            );
        }
        state.ply = ply;
        true
    }

    /// Plays the moves of `node` after its first. Two moves in one node are an error of the
    /// structural check; both are replayed. The same move written twice (`B[pd]B[pd]`) is
    /// one move.
    #[cold]
    #[inline(never)]
    fn play_later_moves(
        &mut self,
        node: NodeRef<'_>,
        state: &mut State,
        place: (usize, bool),
    ) -> Option<bool> {
        let moves: Vec<(Property<'_>, Color)> = node
            .properties()
            .filter_map(|prop| match prop.ident() {
                "B" => Some((prop, Color::Black)),
                "W" => Some((prop, Color::White)),
                _ => None,
            })
            .collect();
        let mut moved = false;
        for (k, &(prop, color)) in moves.iter().enumerate().skip(1) {
            if !moves[..k].iter().any(|(earlier, _)| same(earlier, &prop)) {
                moved |= self.play_move(node, prop, color, state, place)?;
            }
        }
        Some(moved)
    }

    /// Plays the move property `prop` (`B` or `W`, the move of `color`) of `node`:
    /// `Some(true)` once played, `Some(false)` when it holds no value, `None` when it breaks
    /// a rule or cannot be read. Inlined in `visit`, which calls it for nearly every node.
    #[inline(always)]
    fn play_move(
        &mut self,
        node: NodeRef<'_>,
        prop: Property<'_>,
        mut color: Color,
        state: &mut State,
        (line, main): (usize, bool),
    ) -> Option<bool> {
        // The fingerprint takes the colour as written, whatever a repair makes of it.
        let written_color = color;
        let mut repaired = false;
        let ply = state.ply + 1;
        let fast = match prop.only_raw() {
            Some(&[x, y]) => point_on_board(x, y, self.size),
            _ => None,
        };
        let mv = match fast {
            Some(mv) => mv,
            None => {
                let Some(value) = prop.value() else {
                    return Some(false);
                };
                match value.go_move(self.size) {
                    Ok(mv) => mv,
                    Err(reason) => {
                        self.reported_values.insert(value.span.start);
                        let issue = match reason {
                            ValueError::OutsideBoard { point, size } => GoIssue::OffBoard {
                                color,
                                point,
                                width: size.width,
                                height: size.height,
                            },
                            reason => GoIssue::BadMove { color, reason },
                        };
                        self.report(issue, prop.span(), Some((ply, color)));
                        return None;
                    }
                }
            }
        };
        let point = match mv {
            Move::Pass => {
                state.board.pass(color);
                state.ko_point = None;
                if state.board.consecutive_passes() >= 2 && state.ended_at.is_none() {
                    state.ended_at = Some(ply);
                }
                None
            }
            Move::Play(mut point) => {
                if let (Some(ended_at), false) = (state.ended_at, state.moved_after_end) {
                    state.moved_after_end = true;
                    self.report(
                        GoIssue::MoveAfterEnd { ended_at },
                        prop.span(),
                        Some((ply, color)),
                    );
                }
                match state.board.play_inlined(color, point) {
                    Ok(outcome) => self.placed(state, outcome, color, point, prop, ply),
                    Err(error) => {
                        let (stone, outcome) =
                            self.refused(node, state, (color, point), error, prop, ply)?;
                        (color, point) = stone;
                        repaired = true;
                        self.placed(state, outcome, color, point, prop, ply);
                    }
                }
                Some(point)
            }
        };
        // Passes aside: programs write them in many odd ways.
        let mover = point.map(|_| color);
        let before = std::mem::replace(&mut state.last_mover, mover);
        if mover.is_some() && before == mover {
            self.report(
                GoIssue::SameColourTwice { color },
                prop.span(),
                Some((ply, color)),
            );
        }
        state.ply = ply;
        if let (Some(played), true) = (&mut self.played, main) {
            played.push(match point {
                Some(point) => Played::Stone(written_color, point),
                None => Played::Pass(written_color),
            });
        }
        if let Some(buf) = self.lines.get_mut(line) {
            let span = prop.span();
            let mut node_out = Node::new(
                GoMove { color, point },
                ply,
                self.text.get(span.clone()).unwrap_or_default(),
                span,
            );
            node_out.comment = join(buf.pending_comment.take(), comment(node));
            if repaired {
                let written = self.text.get(prop.span()).unwrap_or_default();
                append_comment(&mut node_out.comment, &format!("{REPAIRED} {written}"));
            }
            // Many variations hold one move: reserve room for one, not the four a first
            // push reserves (the main line, line 0, grows as usual).
            if line != 0 && buf.nodes.capacity() == 0 {
                buf.nodes.reserve_exact(1);
            }
            buf.nodes.push(node_out);
        }
        Some(true)
    }

    /// Keeps what a stone of `color` just placed on `point` leaves for later moves (when
    /// it was played, the ko it made) and notes what only some rules allow.
    // Inlined in the replay loop, as before it was split out.
    #[inline(always)]
    fn placed(
        &mut self,
        state: &mut State,
        outcome: PlayOutcome,
        color: Color,
        point: Point,
        prop: Property<'_>,
        ply: u32,
    ) {
        let slot = state.slot(point);
        state.placed_at[slot] = ply;
        state.ko_point = (outcome.captures == 1)
            .then(|| state.board.last_captures().first().copied())
            .flatten();
        if outcome.repeats || outcome.suicide > 0 {
            self.note_allowed(outcome, color, point, prop.span(), ply);
        }
    }

    /// Reports a stone of `color` on `point` that the rules refuse, with what the writer
    /// may have meant, judged by the rest of the line: the stone in the other colour (when
    /// `color` moved last) or on a point one off. With repair, the reading clearly ahead is
    /// played and reported, and replay goes on; `None` when there is none.
    #[cold]
    #[inline(never)]
    fn refused(
        &mut self,
        node: NodeRef<'_>,
        state: &mut State,
        (color, point): (Color, Point),
        error: PlayError,
        prop: Property<'_>,
        ply: u32,
    ) -> Option<((Color, Point), PlayOutcome)> {
        let sheet = WrittenLine::from(node, self.size, (color, point));
        let position = Turn {
            board: state.board.clone(),
            last: state.last_mover,
        };
        // SGF moves carry their colour and the line is a tree's: only another stone for
        // the written one is a reading here.
        let ranked: Vec<Candidate<Stone>> = intent::judge(&sheet, &position, 0)
            .into_iter()
            .filter(|c| matches!(c.edit, Edit::Replaced { .. }))
            .collect();
        let meant = ranked
            .iter()
            .filter_map(|c| match c.edit {
                Edit::Replaced {
                    mv: Stone(color, Some(point)),
                    ..
                } => Some((color, self.named(point))),
                _ => None,
            })
            .collect();
        let issue = self.refusal(state, color, point, error).meaning(meant);
        self.report(issue, prop.span(), Some((ply, color)));
        if !self.repair || !intent::clearly_ahead(&ranked) {
            return None;
        }
        let Edit::Replaced {
            mv: Stone(to_move, Some(at)),
            ..
        } = ranked[0].edit
        else {
            return None;
        };
        let outcome = state.board.play(to_move, at).ok()?;
        let written = self.text.get(prop.span()).unwrap_or_default();
        let used = match at.to_sgf() {
            Some([x, y]) => format!("{x}{y}"),
            None => prop.value().map_or("", |v| v.raw).to_string(),
        };
        let repaired = Repaired {
            written: written.to_string(),
            used: format!(
                "{}[{used}]",
                if to_move == Color::Black { "B" } else { "W" }
            ),
            edit: ranked[0].edit.kind(),
            evidence: Evidence::of(&ranked),
        };
        let diagnostic = Diagnostic::new(
            Severity::Warning,
            Kind::game(repaired),
            Some(prop.span()),
        )
        .at_ply(ply, ply, side(to_move));
        self.diagnostics.push(diagnostic);
        Some(((to_move, at), outcome))
    }

    /// Notes what the rules in force allow but others forbid: a repetition, a suicide.
    fn note_allowed(
        &mut self,
        outcome: PlayOutcome,
        color: Color,
        point: Point,
        span: Range<usize>,
        ply: u32,
    ) {
        let rules = self.rules.rules;
        let point = self.named(point);
        if outcome.repeats {
            let issue = GoIssue::RepetitionAllowed {
                color,
                point,
                rules,
            };
            self.report(issue, span.clone(), Some((ply, color)));
        }
        if outcome.suicide > 0 {
            let issue = GoIssue::SuicideAllowed {
                color,
                point,
                stones: outcome.suicide,
                rules,
            };
            self.report(issue, span, Some((ply, color)));
        }
    }

    /// `point` on the record's board, named as messages name it: `L9 (kk)`.
    fn named(&self, point: Point) -> BoardPoint {
        point.on_board(self.size.width, self.size.height)
    }

    /// The issue for a move the board refused.
    fn refusal(&self, state: &State, color: Color, point: Point, error: PlayError) -> GoIssue {
        match error {
            PlayError::Occupied => {
                let placed = state.placed_at[state.slot(point)];
                GoIssue::Occupied {
                    color,
                    point: self.named(point),
                    stone: state.board.get(point).unwrap_or(color.opponent()),
                    since: (placed > 0).then_some(placed),
                    meant: Vec::new(),
                }
            }
            PlayError::Suicide => GoIssue::Suicide {
                color,
                point: self.named(point),
                meant: Vec::new(),
            },
            PlayError::Ko => GoIssue::Ko {
                color,
                point: self.named(point),
                retake: state.ko_point == Some(point),
                rules: self.rules.rules,
                meant: Vec::new(),
            },
            PlayError::OffBoard => GoIssue::OffBoard {
                color,
                point,
                width: self.size.width,
                height: self.size.height,
            },
        }
    }

    /// A comment on a node without a move rides on the move before it, or on the record
    /// (main line, before any move), or waits for the line's first move.
    fn keep_comment(&mut self, node: NodeRef<'_>, line: usize, main: bool) {
        // Looked up first: an unkept line needs no text.
        let Some(buf) = self.lines.get_mut(line) else {
            return;
        };
        let Some(text) = comment(node) else { return };
        if let Some(last) = buf.nodes.last_mut() {
            last.comment = join(last.comment.take(), Some(text));
        } else if main {
            self.record.comment = join(self.record.comment.take(), Some(text));
        } else {
            buf.pending_comment = join(buf.pending_comment.take(), Some(text));
        }
    }

    /// Tags, komi, handicap and the result against the final position of the main line.
    pub(super) fn check_game_info(&mut self) {
        for node in std::iter::successors(self.info_rest, |n| n.first_child()) {
            for prop in node.properties() {
                if prop.code().traits().is(Class::TAG) {
                    self.info.note(prop.code(), prop, node);
                }
            }
        }
        let found = std::mem::take(&mut self.info.found);
        // Compared as bytes: a string comparison calls memcmp.
        let value_of = |ident: &[u8; 2]| {
            found
                .iter()
                .find(|(i, ..)| i.as_bytes() == ident)
                .map(|(_, v, _)| v)
        };
        let komi = match value_of(b"KM") {
            Some(value) => Komi::parse(&value.simple_text()).ok().inspect(|komi| {
                if komi.unit() != KomiUnit::Points {
                    self.report(
                        GoIssue::KomiNormalised { komi: komi.clone() },
                        value.span.clone(),
                        None,
                    );
                }
            }),
            None => Some(Komi::zero()),
        };
        let handicap = value_of(b"HA")
            .and_then(|ha| ha.simple_text().trim().parse::<u32>().ok())
            .unwrap_or(0);
        self.check_handicap(handicap, value_of(b"HA").map(|v| v.span.clone()));
        // The handicap stones White is paid for under the rules in force.
        let handicap = self.rules.handicap.compensated(handicap);
        let recorded = value_of(b"RE").map(|re| {
            let raw = re.simple_text();
            let parsed = parse_result(&raw);
            (raw, parsed, re.span.clone())
        });
        if self.keep || self.keep_tags {
            self.record.result = recorded.as_ref().map(|(raw, parsed, _)| match parsed {
                Ok(result) => Outcome::Read(*result),
                Err(_) => Outcome::AsWritten(raw.clone()),
            });
            let tags = found.iter().map(|(ident, value, node)| {
                let text = if *ident == "GC" {
                    joined_text(*node, "GC").unwrap_or_default()
                } else {
                    value.simple_text()
                };
                (ident.to_string(), text)
            });
            self.record.tags = Tags(tags.collect());
        }
        if let (Some((_, Ok(result), span)), Some(komi)) = (recorded, komi) {
            self.check_recorded_result(&result, span, &komi, handicap);
        }
    }

    /// The recorded result against the count of the main line's final position, where
    /// the rules in force let a count decide it.
    fn check_recorded_result(
        &mut self,
        result: &GameResult,
        span: Span,
        komi: &Komi,
        handicap: u32,
    ) {
        let Some(board) = self.main_final.as_ref().map(|s| &s.board) else {
            return;
        };
        let check = check_result(result, board, komi, handicap);
        let issue = match check {
            // Only a count of territory and prisoners could check these.
            ResultCheck::Matches
            | ResultCheck::Mismatch { .. }
            | ResultCheck::CannotVerify(Unverifiable::Contested)
                if self.rules.scoring == Scoring::Territory =>
            {
                GoIssue::TerritoryUnverifiable {
                    rules: self.rules.rules,
                }
            }
            ResultCheck::Matches => return,
            ResultCheck::Mismatch { recorded, counted } => {
                let Some(count) = score(board, komi, handicap) else {
                    return;
                };
                GoIssue::ResultMismatch {
                    recorded,
                    counted,
                    black: count.black,
                    white: count.white,
                    komi: komi.points(),
                    handicap,
                }
            }
            ResultCheck::CannotVerify(reason) => GoIssue::ResultUnverifiable { reason },
        };
        self.report(issue, span, None);
    }

    /// `HA` against the black stones set up in the root node. Handicap stones placed by
    /// moves (free placement without AB) are not counted.
    fn check_handicap(&mut self, declared: u32, span: Option<Range<usize>>) {
        let root = self.tree.root();
        let is_ab = |p: &Property<'_>| p.ident().as_bytes() == b"AB";
        let Some(ab) = root.properties().find(is_ab) else {
            return;
        };
        // Every AB of the root: GNU Go 2.x writes one per stone (`AB[pd]AB[dp]`).
        let stones: usize = root
            .properties()
            .filter(is_ab)
            .flat_map(|p| p.values())
            .map(|v| v.points(self.size).map_or(0, |p| p.len()))
            .sum();
        let mismatch = if declared >= 2 {
            stones != declared as usize
        } else {
            // HA missing, 0 or 1 with several AB stones is a problem setup, not a handicap.
            false
        };
        if mismatch {
            self.report(
                GoIssue::HandicapMismatch { declared, stones },
                span.unwrap_or_else(|| ab.span()),
                None,
            );
        }
    }

    /// The record, its variations assembled from the innermost out.
    /// The tags read, taken out of a record that is not kept.
    pub(super) fn take_tags(&mut self) -> Tags {
        std::mem::take(&mut self.record.tags)
    }

    /// The board at the end of the main line, when every move of it was replayed.
    pub(super) fn final_board(&self) -> Option<&Board> {
        self.main_final.as_ref().map(|state| &state.board)
    }

    pub(super) fn into_record(mut self) -> Kept {
        let mut variations_cut = self.variations_cut || self.too_deep;
        let mut comments_lost = false;
        // Children are always created after their parent, so reverse order finishes every
        // child line before the line it hangs on.
        for id in (1..self.lines.len()).rev() {
            let buf = std::mem::take(&mut self.lines[id]);
            // A comment still waiting had no move to ride on.
            comments_lost |= buf.pending_comment.is_some();
            let nodes = attach_variations(buf.nodes, buf.variations);
            match (nodes.is_empty(), buf.attach) {
                (false, Some((parent, at))) => self.lines[parent].variations.push((at, id, nodes)),
                // A variation without a move (markup, a comment) has no place in the record.
                (true, Some(_)) => variations_cut = true,
                _ => {}
            }
        }
        // The kept lines are all taken: give back their slots before the main line grows.
        let main = self.lines.first_mut().map(std::mem::take);
        self.lines = Vec::new();
        if let Some(main) = main {
            comments_lost |= main.pending_comment.is_some();
            self.record.moves = attach_variations(main.nodes, main.variations);
        }
        Kept {
            record: self.record,
            unreplayed_from: self.unreplayed_from,
            variations_cut,
            comments_lost,
        }
    }
}

/// The first value of each game-info property on the main line, with its node; text is
/// made later only for the few checked, unless the record is kept with all its tags.
struct GameInfo<'t> {
    found: Vec<(&'static str, Value<'t>, NodeRef<'t>)>,
    /// The positions in `GAME_INFO` of the properties found, as bits.
    seen: u32,
    /// The positions in `GAME_INFO` of the properties to take, as bits: every one for a
    /// record whose tags are kept, else only those the checks read.
    wanted: u32,
}

/// The positions in [`GAME_INFO`] of the properties the checks read (komi, handicap,
/// result), as bits: all a record that keeps no tags needs of its game information.
const CHECKED_INFO: u32 = info_bit(b"KM") | info_bit(b"HA") | info_bit(b"RE");

/// The bit of the property `ident` of [`GAME_INFO`].
const fn info_bit(ident: &[u8; 2]) -> u32 {
    let mut i = 0;
    while i < GAME_INFO.len() {
        let name = GAME_INFO[i].as_bytes();
        if name.len() == 2 && name[0] == ident[0] && name[1] == ident[1] {
            return 1 << i;
        }
        i += 1;
    }
    panic!("not a game-info property")
}

impl<'t> GameInfo<'t> {
    /// Room for every kind at once: a root node holds most of them.
    fn new() -> GameInfo<'t> {
        GameInfo {
            found: Vec::with_capacity(GAME_INFO.len()),
            seen: 0,
            wanted: u32::MAX,
        }
    }

    /// Takes the game-info property `prop` (of `code`) of the main-line node `node`, the
    /// nodes in order, if it is the first of its kind. Nearly every property of the main
    /// line is no tag (moves, times, comments): the caller asks the catalogue first, at
    /// one look, and the few tags are read out of line, by their code, not their text.
    #[inline(never)]
    fn note(&mut self, code: Code, prop: Property<'t>, node: NodeRef<'t>) {
        let at = match GAME_INFO_AT.get(code.index()) {
            Some(&at @ 1..) => usize::from(at - 1),
            _ => return,
        };
        if (self.seen | !self.wanted) & 1 << at != 0 || (code == PL && !node.is_root()) {
            return;
        }
        let Some(value) = prop.value() else { return };
        self.seen |= 1 << at;
        self.found.push((GAME_INFO[at], value, node));
    }
}

/// By code: one more than the position of that identifier in [`GAME_INFO`], 0 for none;
/// one look-up where a search compared up to 25 names.
static GAME_INFO_AT: [u8; Code::COUNT] = {
    let mut table = [0u8; Code::COUNT];
    let mut i = 0;
    while i < GAME_INFO.len() {
        table[Code::of(GAME_INFO[i].as_bytes()).index()] = i as u8 + 1;
        i += 1;
    }
    table
};

fn attach_variations(
    mut nodes: Line<GoMove>,
    mut variations: Vec<(usize, usize, Line<GoMove>)>,
) -> Line<GoMove> {
    if variations.is_empty() {
        return nodes;
    }
    variations.sort_by_key(|(_, id, _)| *id);
    // Alternatives after the last move of a line hang on that move.
    let last = nodes.len().saturating_sub(1);
    // Room for exactly the alternatives of each move: a branch point may have millions.
    let mut counts = vec![0usize; nodes.len()];
    for (at, ..) in &variations {
        if let Some(count) = counts.get_mut((*at).min(last)) {
            *count += 1;
        }
    }
    for (node, count) in nodes.iter_mut().zip(counts) {
        node.variations.reserve_exact(count);
    }
    for (at, _, line) in variations {
        if let Some(node) = nodes.get_mut(at.min(last)) {
            node.variations.push(line);
        }
    }
    nodes
}

/// The node's comment; repeated `C` properties are joined with a line break.
fn comment(node: NodeRef<'_>) -> Option<String> {
    joined_text(node, "C")
}

/// The text of every `ident` property of `node`, joined with line breaks.
fn joined_text(node: NodeRef<'_>, ident: &str) -> Option<String> {
    node.properties()
        .filter(|p| p.ident() == ident)
        .filter_map(|p| p.value())
        .map(|v| v.text())
        .reduce(|a, b| format!("{a}\n{b}"))
}

/// Whether two properties are the same, identifier and values.
fn same(a: &Property<'_>, b: &Property<'_>) -> bool {
    a.ident() == b.ident() && a.values().map(|v| v.raw).eq(b.values().map(|v| v.raw))
}

fn join(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b),
    }
}

/// The stones on the board as the record's setup, `None` for an empty board.
fn setup_of(board: &Board) -> Option<Setup> {
    let mut setup = Setup {
        black: Vec::new(),
        white: Vec::new(),
    };
    for point in board.points() {
        match board.get(point) {
            Some(Color::Black) => setup.black.push(point),
            Some(Color::White) => setup.white.push(point),
            None => {}
        }
    }
    (!setup.black.is_empty() || !setup.white.is_empty()).then_some(setup)
}

/// The move of the two letters `x`, `y` where they name a point of a board of `size`:
/// nearly every move, read from the bytes without a [`Value`]. `None` for anything else
/// ([`Value::go_move`] decides it); `tt` is off any board where it is a pass.
#[inline]
fn point_on_board(x: u8, y: u8, size: BoardSize) -> Option<Move> {
    let point = Point::new(letter_coordinate(x)?, letter_coordinate(y)?);
    size.contains(point).then_some(Move::Play(point))
}

/// A stone of a colour, or its pass (`None`), as the intent search plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stone(Color, Option<Point>);

/// A position for the intent search: the board, and who played the last stone.
#[derive(Clone)]
struct Turn {
    board: Board,
    last: Option<Color>,
}

/// The moves of a line from a refused stone on, along first children, as the intent
/// search reads them; it stops before a node with setup or with other than one move.
struct WrittenLine {
    moves: Vec<Stone>,
}

impl WrittenLine {
    /// The line from `node`, whose move (`refused`) the rules refused.
    fn from(node: NodeRef<'_>, size: BoardSize, refused: (Color, Point)) -> WrittenLine {
        let mut moves = vec![Stone(refused.0, Some(refused.1))];
        for node in std::iter::successors(node.first_child(), |n| n.first_child()) {
            if moves.len() > intent::HORIZON + 2 {
                break;
            }
            let mut found = None;
            let mut readable = true;
            for prop in node.properties() {
                let color = match prop.ident() {
                    "B" => Color::Black,
                    "W" => Color::White,
                    "AB" | "AW" | "AE" | "PL" => {
                        readable = false;
                        break;
                    }
                    _ => continue,
                };
                let mv = prop.value().and_then(|v| v.go_move(size).ok());
                match (found, mv) {
                    (None, Some(Move::Play(point))) => found = Some(Stone(color, Some(point))),
                    (None, Some(Move::Pass)) => found = Some(Stone(color, None)),
                    _ => readable = false,
                }
            }
            match found.filter(|_| readable) {
                Some(stone) => moves.push(stone),
                None => break,
            }
        }
        WrittenLine { moves }
    }
}

impl Sheet for WrittenLine {
    type Position = Turn;
    type Move = Stone;

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn read(&self, position: &Turn, index: usize) -> Option<Stone> {
        let stone = *self.moves.get(index)?;
        match stone {
            Stone(color, Some(point)) => position.board.check(color, point).ok().map(|()| stone),
            Stone(_, None) => Some(stone),
        }
    }

    fn play(&self, position: &mut Turn, Stone(color, point): Stone) {
        match point {
            // Read and slips give legal stones only.
            Some(point) => {
                let _ = position.board.play(color, point);
                position.last = Some(color);
            }
            None => {
                position.board.pass(color);
                position.last = None;
            }
        }
    }

    /// The turn order is the one sign an SGF move carries: a stone of the colour that
    /// played the last one disagrees.
    fn marks(&self, position: &Turn, _: usize, Stone(color, point): Stone) -> i32 {
        match (point, position.last) {
            (Some(_), Some(last)) if last == color => -1,
            (Some(_), _) => 1,
            (None, _) => 0,
        }
    }

    fn slips(&self, position: &Turn, index: usize, out: &mut Vec<(Stone, Slip)>) {
        let Some(&Stone(color, Some(point))) = self.moves.get(index) else {
            return;
        };
        let board = &position.board;
        if position.last == Some(color) && board.check(color.opponent(), point).is_ok() {
            out.push((Stone(color.opponent(), Some(point)), Slip::Colour));
        }
        let (x, y) = (i16::from(point.x), i16::from(point.y));
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (Ok(nx), Ok(ny)) = (u8::try_from(x + dx), u8::try_from(y + dy)) else {
                continue;
            };
            let near = Point::new(nx, ny);
            if nx < board.width() && ny < board.height() && board.check(color, near).is_ok() {
                out.push((Stone(color, Some(near)), Slip::Destination));
            }
        }
    }

    fn legal(&self, _: &Turn, _: &mut Vec<Stone>) {}

    fn repeats(&self, _: usize) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtree_ends_hold_each_subtree() {
        let text =
            "(;SZ[9](;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee];W[ff](;B[gg])(;B[hh];W[ii]))(;B[jj]))";
        let collection = crate::go::sgf::parse(text);
        let tree = &collection.games[0];
        // Counted from the leaves up, as the arena's order alone cannot.
        let mut counted = vec![1; tree.len()];
        for node in tree.nodes().rev() {
            if let Some(parent) = node.parent() {
                counted[parent.id().index()] += counted[node.id().index()];
            }
        }
        let mut stack = vec![(tree.root(), tree.len())];
        while let Some((node, end)) = stack.pop() {
            assert_eq!(end - node.id().index(), counted[node.id().index()]);
            for child in node.children() {
                stack.push((child, subtree_end(tree, child.id(), end)));
            }
        }
        assert_eq!(counted[0], 11);
    }
}
