//! Every diagnostic in Chinese (`--lang zh`, `--lang zh-Hant`): one value of every issue
//! (and of every reason, syntax error and note worded inside one) is worded in both
//! scripts, the codes covered are those of the table in `docs/diagnostics.md`, text
//! quoted from a record is kept byte for byte, and the language is chosen by flag,
//! `QIPU_LANG`, then the locale.

use std::collections::BTreeSet;

use qipu::diag::{FileIssue, Kind};
use qipu::lang::{Lang, Zh};
use qipu::text::DecodeIssue;
use qipu::write::{Format, LeftOut};
use qipu::{draughts, go, shatar};

use crate::support::run::command;
use crate::support::snapshot::snapshot_name;

/// The codes of the table of diagnostic codes (`docs/diagnostics.md`, which the README
/// links to).
fn readme_codes() -> BTreeSet<String> {
    let table = std::fs::read_to_string("docs/diagnostics.md").unwrap();
    let mut codes = BTreeSet::new();
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cell = line.split('|').nth(1).unwrap();
        codes.extend(cell.split('`').skip(1).step_by(2).map(str::to_string));
    }
    codes
}

fn file_issues() -> Vec<Kind> {
    let left_out = vec![
        LeftOut::Tag("白方".to_string()),
        LeftOut::Comments,
        LeftOut::Variations,
        LeftOut::Nags,
        LeftOut::Markup,
        LeftOut::NodeNames,
        LeftOut::Annotations,
        LeftOut::EscapeLines,
        LeftOut::VariationResults,
        LeftOut::TextOutsideRecords,
        LeftOut::Property("XX".to_string()),
        LeftOut::ControlCharacters,
    ];
    [
        FileIssue::Decode(DecodeIssue::Malformed {
            span: 0..1,
            byte_offset: 3,
            bytes: vec![0xFF, 0xFE],
            encoding: "UTF-8",
        }),
        FileIssue::Decode(DecodeIssue::DeclaredMismatch {
            span: None,
            declared: "UTF-8".to_string(),
            used: "GB18030",
        }),
        FileIssue::Decode(DecodeIssue::UnknownLabel {
            span: None,
            label: "x-unknown".to_string(),
        }),
        FileIssue::Decode(DecodeIssue::ReadByStructure {
            span: None,
            byte_offset: 14,
            used: "GB18030",
            instead_of: "windows-1252",
        }),
        FileIssue::Decode(DecodeIssue::EscapedInCharacters {
            span: None,
            byte_offset: 7,
            count: 2,
            encoding: "GB18030",
        }),
        FileIssue::UnknownGame {
            known: qipu::Game::all(),
        },
        FileIssue::NoRecords {
            game: Some(qipu::Game::Go),
        },
        FileIssue::NoRecords { game: None },
        FileIssue::EmptyFile,
        FileIssue::BinaryFile,
        FileIssue::RecordTooLarge { limit: 256 << 20 },
        FileIssue::NotARecordFile,
        FileIssue::Io {
            kind: std::io::ErrorKind::NotFound,
        },
        FileIssue::Io {
            kind: std::io::ErrorKind::TimedOut,
        },
        FileIssue::LeftOut {
            format: Format::Pgn,
            what: left_out,
            keep_in: vec![Format::Pgn, Format::Pdn, Format::Sgf],
        },
        FileIssue::LeftOut {
            format: Format::Sgf,
            what: vec![LeftOut::ControlCharacters],
            keep_in: vec![Format::Pgn, Format::Pdn, Format::Sgf],
        },
        FileIssue::Duplicate {
            source: "a.pgn".to_string(),
            index: 2,
            likeness: qipu::dedup::Likeness::Moves,
        },
        FileIssue::Duplicate {
            source: "a.pgn".to_string(),
            index: 2,
            likeness: qipu::dedup::Likeness::Final,
        },
    ]
    .into_iter()
    .map(Kind::File)
    .collect()
}

fn shatar_issues() -> Vec<Kind> {
    use shatar::{
        ChessSign, Color, DrawNote, Ending, FenError, IllegalReason, ResultToken, Role, SetupError,
        SetupFault, ShatarIssue, Square, SyntaxErrorKind,
    };
    let (e2, e4, g5) = (Square::new(4, 1), Square::new(4, 3), Square::new(6, 4));
    let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut issues = Vec::new();
    for kind in [
        SyntaxErrorKind::ExpectedMove,
        SyntaxErrorKind::ExpectedDestination,
        SyntaxErrorKind::ExpectedPromotionPiece,
        SyntaxErrorKind::UnclosedPromotion,
        SyntaxErrorKind::TrailingCharacters,
        SyntaxErrorKind::UnterminatedComment,
        SyntaxErrorKind::CommentIntoNextGame,
        SyntaxErrorKind::UnterminatedString,
        SyntaxErrorKind::MalformedTag,
        SyntaxErrorKind::UnmatchedCloseParen,
        SyntaxErrorKind::UnclosedVariation,
        SyntaxErrorKind::VariationTooDeep,
        SyntaxErrorKind::VariationWithoutMove,
        SyntaxErrorKind::NagWithoutMove,
        SyntaxErrorKind::BadNag,
        SyntaxErrorKind::MalformedSetup,
    ] {
        issues.push(ShatarIssue::Syntax { kind });
        issues.push(ShatarIssue::Unparsable { reason: kind });
    }
    issues.push(ShatarIssue::PromotionWords {
        written: "升虎".to_string(),
        meant: vec!["b7—b8变虎".to_string()],
    });
    for reason in [
        IllegalReason::NoPieceThere,
        IllegalReason::WrongColourPiece,
        IllegalReason::RoleMismatch {
            found: Role::Knight,
        },
        IllegalReason::BadFirstMove,
        IllegalReason::Castling,
        IllegalReason::OwnPieceOnTarget,
        IllegalReason::PieceCannotReach,
        IllegalReason::PathBlocked,
        IllegalReason::NothingToCapture,
        IllegalReason::PawnDoubleStep,
        IllegalReason::PromotionRequired,
        IllegalReason::PromotionToKing,
        IllegalReason::UnexpectedPromotion,
        IllegalReason::MovesIntoCheck,
        IllegalReason::LeavesKingInCheck,
    ] {
        for (piece_moves, suggestions) in [
            (vec![], vec![]),
            (vec![e4], moves(&["马g1—f3"])),
            (vec![e4, g5], moves(&["Bc1—d2", "Bc1—e3"])),
        ] {
            issues.push(ShatarIssue::IllegalMove {
                role: Role::Bishop,
                side: Color::White,
                from: e2,
                to: g5,
                reason,
                piece_moves,
                suggestions,
            });
        }
    }
    for reason in [
        SetupFault::Fen(FenError::BadBoard),
        SetupFault::Fen(FenError::BadPiece('x')),
        SetupFault::Fen(FenError::BadTurn),
        SetupFault::Fen(FenError::ChessOnlyField("KQkq".to_string())),
        SetupFault::Fen(FenError::BadCounter),
        SetupFault::Fen(FenError::Setup(SetupError::OppositeCheck)),
        SetupFault::Listing(SetupError::MissingKing(Color::Blue)),
        SetupFault::Listing(SetupError::TooManyKings(Color::White)),
        SetupFault::Listing(SetupError::PawnOnBackRank(e2)),
        SetupFault::Listing(SetupError::SquareTaken(e4)),
    ] {
        issues.push(ShatarIssue::BadSetup { reason });
    }
    let endings = [
        Ending::Checkmate {
            winner: Color::White,
        },
        Ending::Checkmate {
            winner: Color::Blue,
        },
        Ending::Stalemate,
    ];
    for ending in endings {
        issues.push(ShatarIssue::GameOver { ending });
        issues.push(ShatarIssue::ResultMismatch {
            recorded: ResultToken::Draw,
            position: ending,
        });
    }
    for side in [Color::White, Color::Blue] {
        issues.push(ShatarIssue::QueenName { side });
        issues.push(ShatarIssue::BareKing { side });
        issues.push(ShatarIssue::BadFirstMove {
            side,
            expected: moves(&["d7—d5"]),
        });
        for role in [Role::Queen, Role::Pawn, Role::King, Role::Rook] {
            for from in [Some(e2), None] {
                issues.push(ShatarIssue::NoSuchPiece {
                    role,
                    from,
                    side,
                    suggestions: vec![],
                });
            }
        }
    }
    issues.push(ShatarIssue::NoSuchPiece {
        role: Role::Knight,
        from: None,
        side: Color::White,
        suggestions: moves(&["Ng1—f3", "Nb1—c3"]),
    });
    for sign in [
        ChessSign::VariantTag,
        ChessSign::Castling,
        ChessSign::FirstMove,
        ChessSign::ChessMoves {
            refused: "c5".to_string(),
        },
        ChessSign::ChessSetup,
    ] {
        for variant in [Some("Crazyhouse".to_string()), None] {
            let sign = sign.clone();
            issues.push(ShatarIssue::OtherGame { variant, sign });
        }
    }
    for (written, actual) in [
        ("check", "not check"),
        ("mate", "not check"),
        ("mate", "check but not mate"),
    ] {
        issues.push(ShatarIssue::CheckMarker { written, actual });
    }
    for ending in [
        "king against king",
        "king and camel against king",
        "king and knight against king",
        "king and camel against king and camel on same-coloured squares",
    ] {
        issues.push(ShatarIssue::Draw(DrawNote::DrawnEnding(ending)));
    }
    issues.extend([
        ShatarIssue::Castling,
        ShatarIssue::PromotionToKing,
        ShatarIssue::PromotionMissing {
            suggestions: moves(&["a8=Q", "a8=R"]),
        },
        ShatarIssue::AmbiguousMove {
            candidates: moves(&["车1d3", "车7d3"]),
        },
        ShatarIssue::MissingMove {
            side: Color::Blue,
            number: 18,
            next: "Nf3".to_string(),
            candidates: moves(&["Nc6", "Nf6"]),
            replayed: 20,
        },
        ShatarIssue::MissingMove {
            side: Color::White,
            number: 4,
            next: "马c6".to_string(),
            candidates: moves(&["马f3"]),
            replayed: 1,
        },
        ShatarIssue::RepeatedMove {
            written: "Ng1—f3".to_string(),
            side: Color::Blue,
            next: "Ng8—f6".to_string(),
            replayed: 7,
        },
        ShatarIssue::MoveNumber {
            written: 7,
            expected: 6,
        },
        ShatarIssue::CaptureMarker { capture: true },
        ShatarIssue::CaptureMarker { capture: false },
        ShatarIssue::Draw(DrawNote::FiftyMoves),
        ShatarIssue::Draw(DrawNote::Repetition),
        ShatarIssue::Draw(DrawNote::PerpetualCheck {
            checking: Color::Blue,
        }),
    ]);
    issues.into_iter().map(Kind::game).collect()
}

fn draughts_issues() -> Vec<Kind> {
    use draughts::{
        CheckersLook, Color, DraughtsIssue, DrawKind, FenProblem, GameTypeEvidence, IllegalReason,
        Meant, Numbering, NumberingSource, Position, SetupError, SquareStyle, SyntaxErrorKind,
        Unparsable, Variant,
    };
    let square = |n| draughts::Square::from_number(n, Numbering::Rulebook).unwrap();
    let (s9, s13) = (square(9), square(13));
    let legal: Vec<_> = Position::initial()
        .legal_moves(Variant::Russian)
        .iter()
        .copied()
        .collect();
    let style = SquareStyle::Numeric(Numbering::Rulebook);
    // Every kind of candidate the help can name.
    let meant = vec![
        Meant::Move(legal[0]),
        Meant::LeftOut(legal[1]),
        Meant::Swapped([legal[0], legal[1], legal[2]]),
        Meant::Doubled(None),
    ];
    let mut issues = Vec::new();
    for kind in [
        SyntaxErrorKind::UnexpectedToken("@@".to_string()),
        SyntaxErrorKind::NestedComment,
        SyntaxErrorKind::UnterminatedComment,
        SyntaxErrorKind::UnterminatedSetup,
        SyntaxErrorKind::UnterminatedString,
        SyntaxErrorKind::BadTag("tag name"),
        SyntaxErrorKind::BadMove("square after separator"),
        SyntaxErrorKind::MixedSeparators,
        SyntaxErrorKind::UnmatchedCloseParen,
        SyntaxErrorKind::UnclosedVariation,
        SyntaxErrorKind::VariationWithoutMove,
        SyntaxErrorKind::VariationTooDeep,
        SyntaxErrorKind::AnnotationWithoutMove,
        SyntaxErrorKind::BadGameType("board height"),
        SyntaxErrorKind::BadFen("side to move W, B or ?"),
    ] {
        issues.push(DraughtsIssue::Syntax { kind: kind.clone() });
        issues.push(DraughtsIssue::Unparsable {
            reason: Unparsable::Token(kind),
        });
    }
    for reason in [
        IllegalReason::NoPieceThere { square: s9 },
        IllegalReason::OpponentsPiece { square: s9 },
        IllegalReason::CaptureMandatory {
            captures: legal.clone(),
        },
        IllegalReason::CaptureIncomplete {
            stopped_at: s13,
            continuations: legal.clone(),
        },
        IllegalReason::NotMajority {
            taken: 1,
            required: 2,
        },
        IllegalReason::ManMovesBackward { from: s13, to: s9 },
        IllegalReason::JumpsPieceTwice { square: s13 },
        IllegalReason::JumpsOwnPiece { square: s13 },
        IllegalReason::PathBlocked { square: s13 },
        IllegalReason::NothingJumped { from: s9, to: s13 },
        IllegalReason::DestinationOccupied { square: s13 },
        IllegalReason::NotDiagonal { from: s9, to: s13 },
        IllegalReason::TooFar { from: s9, to: s13 },
        IllegalReason::NoSuchMove,
    ] {
        for (written, legal) in [("9-13", legal.clone()), ("9x13", vec![])] {
            issues.push(DraughtsIssue::IllegalMove {
                written: written.to_string(),
                reason: reason.clone(),
                legal,
                meant: vec![],
                style,
            });
        }
    }
    for evidence in [
        GameTypeEvidence::Tag,
        GameTypeEvidence::SquareNumber(50),
        GameTypeEvidence::OpeningMove("32-28".to_string()),
        GameTypeEvidence::EventName("全国跳棋赛".to_string()),
        GameTypeEvidence::BlackToMoveAtStart,
        GameTypeEvidence::BlackMovesFirst("11-15 23-19".to_string()),
    ] {
        for number in [20, 21, 99] {
            issues.push(DraughtsIssue::UnsupportedGameType {
                number,
                evidence: evidence.clone(),
            });
        }
    }
    for number in [22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41] {
        issues.push(DraughtsIssue::UnsupportedGameType {
            number,
            evidence: GameTypeEvidence::Tag,
        });
    }
    for problem in [
        FenProblem::Syntax("W or B before a piece list"),
        FenProblem::NoSuchSquare("33".to_string()),
        FenProblem::Setup(SetupError::SquareTaken(s9)),
        FenProblem::Setup(SetupError::ManOnPromotionRow(square(30))),
    ] {
        issues.push(DraughtsIssue::BadFen { problem });
    }
    for numbering in [Numbering::Rulebook, Numbering::Top] {
        for source in [
            NumberingSource::GameType,
            NumberingSource::Fen,
            NumberingSource::FirstMove("22-18".to_string()),
            NumberingSource::Default,
        ] {
            issues.push(DraughtsIssue::Numbering {
                numbering,
                variant: Variant::Brazilian,
                source,
            });
        }
    }
    for variant in [Variant::Russian, Variant::Brazilian] {
        for checkers in [
            None,
            Some(CheckersLook::FirstMove("9-13".to_string())),
            Some(CheckersLook::BlackToMove),
        ] {
            issues.push(DraughtsIssue::VariantDefaulted { variant, checkers });
        }
    }
    for kind in [
        DrawKind::Repetition,
        DrawKind::NoCapture,
        DrawKind::KingsOnlyMoves,
        DrawKind::SmallEndgame,
        DrawKind::ThreeKingsVsKing,
    ] {
        issues.push(DraughtsIssue::Draw(kind));
    }
    for loser in [Color::White, Color::Black] {
        for no_pieces in [true, false] {
            issues.push(DraughtsIssue::MoveAfterEnd { loser, no_pieces });
            issues.push(DraughtsIssue::ResultMismatch {
                recorded: "1-1".to_string(),
                loser,
                no_pieces,
            });
        }
        for occupant in [Some(loser.other()), None] {
            issues.push(DraughtsIssue::NoSuchPiece {
                square: s13,
                side: loser,
                occupant,
                legal: legal.clone(),
                meant: meant.clone(),
                style: SquareStyle::Algebraic,
            });
        }
    }
    issues.extend([
        DraughtsIssue::Unparsable {
            reason: Unparsable::NoSuchSquare("33".to_string()),
        },
        DraughtsIssue::UnrecordedMove,
        DraughtsIssue::AmbiguousMove {
            candidates: legal.clone(),
            style,
        },
        DraughtsIssue::NoSuchPiece {
            square: s13,
            side: Color::White,
            occupant: None,
            legal: vec![],
            meant: vec![],
            style,
        },
        DraughtsIssue::MissingMove {
            side: Color::Black,
            meant: meant.clone(),
            style,
        },
        DraughtsIssue::UnreplayedMoves,
    ]);
    issues.into_iter().map(Kind::game).collect()
}

fn go_issues() -> Vec<Kind> {
    use go::sgf::{SgfSyntaxError, ValueError};
    use go::{
        Color, GameResult, GoIssue, Komi, Point, Repeat, Rules, SgfIssue, Unverifiable, WinBy,
    };
    let point = Point::new(3, 3).on_board(19, 19);
    let span = 0..4;
    let ident = |s: &str| s.to_string();
    let mut issues = Vec::new();
    for error in [
        SgfSyntaxError::NoGameTree { span: span.clone() },
        SgfSyntaxError::TextBetweenTrees { span: span.clone() },
        SgfSyntaxError::SgfBeforeTree { span: span.clone() },
        SgfSyntaxError::UnexpectedText { span: span.clone() },
        SgfSyntaxError::MissingSemicolon { span: span.clone() },
        SgfSyntaxError::LowercaseIdentifier { span: span.clone() },
        SgfSyntaxError::MissingValue { span: span.clone() },
        SgfSyntaxError::UnterminatedValue { span: span.clone() },
        SgfSyntaxError::UnclosedGameTree { span: span.clone() },
        SgfSyntaxError::EmptyGameTree { span: span.clone() },
        SgfSyntaxError::IllegalVariationStart { span: span.clone() },
        SgfSyntaxError::MissingRootNode { span: span.clone() },
        SgfSyntaxError::NodeAfterVariation { span: span.clone() },
        SgfSyntaxError::TooLarge { span: span.clone() },
    ] {
        issues.push(GoIssue::Syntax(error));
    }
    let value_errors = [
        ValueError::NotANumber,
        ValueError::NotAReal,
        ValueError::NotAColor,
        ValueError::NotADouble,
        ValueError::NotAPoint,
        ValueError::BadBoardSize,
        ValueError::NotCompose,
        ValueError::NotEmpty,
        ValueError::OutOfRange,
    ];
    for reason in value_errors {
        issues.push(GoIssue::Structure(SgfIssue::BadValue {
            ident: ident("SZ"),
            reason: reason.clone(),
            severity: qipu::Severity::Error,
            span: span.clone(),
        }));
        issues.push(GoIssue::BadMove {
            color: Color::White,
            reason,
        });
    }
    for repeat in [
        Repeat::Identical,
        Repeat::Joined,
        Repeat::Collected,
        Repeat::Merged,
        Repeat::Conflict,
    ] {
        for name in ["AB", "C"] {
            issues.push(GoIssue::Structure(SgfIssue::MergedProperty {
                ident: ident(name),
                repeat,
                merged: "C[黑棋好]".to_string(),
                span: span.clone(),
                first: span.clone(),
            }));
        }
    }
    for name in ["B", "PB"] {
        issues.push(GoIssue::Structure(SgfIssue::DuplicateProperty {
            ident: ident(name),
            span: span.clone(),
            first: span.clone(),
            written: vec![format!("{name}[张三]"), format!("{name}[李四]")],
        }));
    }
    for (replacement, in_ff4) in [(Some("KM"), true), (None, true), (Some("KM"), false)] {
        issues.push(GoIssue::Structure(SgfIssue::OldProperty {
            ident: ident("KI"),
            in_ff4,
            replacement,
            span: span.clone(),
        }));
    }
    for differ in [true, false] {
        issues.push(GoIssue::Structure(SgfIssue::SeveralValues {
            ident: ident("KM"),
            differ,
            span: span.clone(),
        }));
        issues.push(GoIssue::Structure(SgfIssue::DuplicateSetupPoint {
            point,
            conflicting: differ,
            span: span.clone(),
        }));
    }
    for issue in [
        SgfIssue::MixedSetupMove { span: span.clone() },
        SgfIssue::RootPropertyOutsideRoot {
            ident: ident("SZ"),
            span: span.clone(),
        },
        SgfIssue::TwoMovesInNode { span: span.clone() },
        SgfIssue::BadKomi { span: span.clone() },
        SgfIssue::BadResult { span: span.clone() },
        SgfIssue::BadDate { span: span.clone() },
        SgfIssue::NotGo { span: span.clone() },
        SgfIssue::MixedCaseIdentifier {
            written: ident("Black"),
            ident: ident("B"),
            span: span.clone(),
        },
        SgfIssue::ConflictingAnnotations {
            first: ident("GB"),
            second: ident("GW"),
            span: span.clone(),
        },
        SgfIssue::AnnotationWithoutMove {
            ident: ident("TE"),
            span: span.clone(),
        },
        SgfIssue::DuplicateMarkup {
            point,
            span: span.clone(),
        },
        SgfIssue::GameInfoInTwoNodes {
            ident: ident("PW"),
            span: span.clone(),
            first: span.clone(),
        },
        SgfIssue::UnknownFileFormat { span: span.clone() },
        SgfIssue::SquareAsRectangle { span: span.clone() },
        SgfIssue::RectangleInFf1 { span: span.clone() },
        SgfIssue::EmptyPassInFf3 { span: span.clone() },
        SgfIssue::LooseReal {
            ident: ident("BL"),
            span: span.clone(),
        },
        SgfIssue::ControlCharacters {
            ident: ident("C"),
            span: span.clone(),
        },
        SgfIssue::LongIdentifier {
            len: 120,
            span: span.clone(),
        },
        SgfIssue::ApplicationWithoutVersion { span: span.clone() },
        SgfIssue::OtherCharset {
            written: "GB2312".to_string(),
            declared: "UTF-8".to_string(),
            span: span.clone(),
        },
    ] {
        issues.push(GoIssue::Structure(issue));
    }
    let all_rules = [
        Rules::Chinese,
        Rules::Japanese,
        Rules::Korean,
        Rules::Aga,
        Rules::NewZealand,
        Rules::TrompTaylor,
        Rules::Ing,
    ];
    for rules in all_rules {
        for retake in [true, false] {
            issues.push(GoIssue::Ko {
                color: Color::Black,
                point,
                retake,
                rules,
                meant: vec![],
            });
        }
        issues.push(GoIssue::RepetitionAllowed {
            color: Color::White,
            point,
            rules,
        });
        issues.push(GoIssue::SuicideAllowed {
            color: Color::White,
            point,
            stones: 2,
            rules,
        });
        issues.push(GoIssue::TerritoryUnverifiable { rules });
    }
    for reason in [
        Unverifiable::NotEndedByPasses,
        Unverifiable::Contested,
        Unverifiable::NotByCount,
        Unverifiable::NoResult,
    ] {
        issues.push(GoIssue::ResultUnverifiable { reason });
    }
    for raw in ["7.5", "3.75", "750", "375"] {
        issues.push(GoIssue::KomiNormalised {
            komi: Komi::parse(raw).unwrap(),
        });
    }
    for color in [Color::Black, Color::White] {
        for since in [Some(12), None] {
            issues.push(GoIssue::Occupied {
                color,
                point,
                stone: color.opponent(),
                since,
                meant: vec![(color, point), (color.opponent(), point)],
            });
        }
        for stone in [Some(color), None] {
            issues.push(GoIssue::SetupChangesNothing { stone, point });
        }
        issues.push(GoIssue::SameColourTwice { color });
        issues.push(GoIssue::Suicide {
            color,
            point,
            meant: vec![(color.opponent(), point)],
        });
    }
    for handicap in [0, 2] {
        issues.push(GoIssue::ResultMismatch {
            recorded: GameResult::Win {
                winner: Color::Black,
                by: WinBy::Points(0.5),
            },
            counted: GameResult::Win {
                winner: Color::White,
                by: WinBy::Points(6.5),
            },
            black: 177,
            white: 184,
            komi: 7.5,
            handicap,
        });
    }
    issues.extend([
        GoIssue::UnknownRules {
            value: "古谱规则".to_string(),
        },
        GoIssue::OffBoard {
            color: Color::Black,
            point: Point::new(19, 19),
            width: 19,
            height: 19,
        },
        GoIssue::MoveAfterEnd { ended_at: 200 },
        GoIssue::HandicapMismatch {
            declared: 4,
            stones: 3,
        },
        GoIssue::VariationsTooDeep { depth: 100 },
        GoIssue::SuperkoLimited,
    ]);
    let mut kinds: Vec<Kind> = issues.into_iter().map(Kind::game).collect();
    // A point outside the board (`ValueError::OutsideBoard`), as a record reports it.
    let options = qipu::ReadOptions::default();
    let document = qipu::read_str("t.sgf", "(;SZ[9]AB[jj])", &options);
    let diagnostics = document.records.iter().flat_map(|r| &r.diagnostics);
    kinds.extend(diagnostics.map(|d| d.kind.clone()));
    kinds
}

fn every_issue() -> Vec<Kind> {
    let mut kinds = file_issues();
    kinds.extend(shatar_issues());
    kinds.extend(draughts_issues());
    kinds.extend(go_issues());
    // Go's archive formats.
    {
        use qipu::go::{ArchiveFormat, ArchiveIssue, Point};
        let issues = [
            ArchiveIssue::BadLine {
                format: ArchiveFormat::Gib,
                expected: "STO 0 n colour x y",
                expected_zh: None,
            },
            ArchiveIssue::BadLine {
                format: ArchiveFormat::Ngf,
                expected: "a move (PM, number, colour, four letters)",
                expected_zh: Some("着法（PM、编号、颜色、四个字母）"),
            },
            ArchiveIssue::BadField {
                field: "GAMEKOMI",
                value: "六目半".to_string(),
            },
            ArchiveIssue::MoveNumber {
                expected: 5,
                found: 7,
            },
            ArchiveIssue::MoveCount {
                announced: 120,
                found: 118,
            },
            ArchiveIssue::HandicapPlaced {
                format: ArchiveFormat::Gib,
                stones: 2,
                points: vec![
                    Point::new(3, 15).on_board(19, 19),
                    Point::new(15, 3).on_board(19, 19),
                ],
            },
            ArchiveIssue::HalfPointAdded {
                written: "6".to_string(),
            },
            ArchiveIssue::RowsAssumed,
            ArchiveIssue::FigureOutsideGame { move_number: 40 },
            ArchiveIssue::CommentOutsideReview { node: 999 },
            ArchiveIssue::ColoursAssumed,
            ArchiveIssue::NotTheFormat {
                format: ArchiveFormat::Gib,
            },
            ArchiveIssue::NotTheFormat {
                format: ArchiveFormat::Ngf,
            },
            ArchiveIssue::NotTheFormat {
                format: ArchiveFormat::Ugf,
            },
            ArchiveIssue::UnreadFields {
                format: ArchiveFormat::Ugf,
                names: vec!["PlayerBLevel".to_string()],
            },
        ];
        kinds.extend(issues.into_iter().map(Kind::game));
    }
    // Shared by every family: a repair, a correction of --fix.
    use qipu::diag::{EditKind, Evidence, Slip};
    for (edit, evidence) in [
        (EditKind::Replaced(Slip::Several), None),
        (
            EditKind::Replaced(Slip::Destination),
            Some(Evidence {
                replayed: 23,
                runner_up: Some(2),
            }),
        ),
        (
            EditKind::Missing,
            Some(Evidence {
                replayed: 1,
                runner_up: None,
            }),
        ),
        (
            EditKind::Replaced(Slip::Piece),
            Some(Evidence {
                replayed: 0,
                runner_up: None,
            }),
        ),
        (EditKind::Swapped, None),
        (EditKind::Doubled, None),
    ] {
        kinds.push(Kind::game(qipu::diag::Repaired {
            written: "Kd8—d7".to_string(),
            used: "Ke8—e7".to_string(),
            edit,
            evidence,
        }));
    }
    // A correction of --fix, as a Go record reports it: each names what it corrected in
    // both languages.
    let options = qipu::ReadOptions {
        keep_records: true,
        ..qipu::ReadOptions::default()
    };
    let document = qipu::read_str("t.sgf", "(;GM[1]FF[4]DT[14 apr 97])", &options);
    let record = document.records[0]
        .kept::<go::GoRecord>()
        .expect("a kept Go record");
    kinds.extend(record.fixes().into_iter().map(Kind::game));
    // The recording penalties' note, as a repaired Shatar record reports it.
    let options = qipu::ReadOptions {
        repair: true,
        ..qipu::ReadOptions::default()
    };
    let sheet = std::fs::read("samples/shatar/rulebook-full.txt").unwrap();
    let document = qipu::read_document("rulebook-full.txt", &sheet, &options);
    kinds.extend(
        document.records[0]
            .diagnostics
            .iter()
            .filter(|d| d.code() == "recording-errors")
            .map(|d| d.kind.clone()),
    );
    kinds
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

#[test]
fn every_readme_code_is_worded_in_english_and_chinese() {
    let kinds = every_issue();
    let covered: BTreeSet<String> = kinds.iter().map(|k| k.code().to_string()).collect();
    assert_eq!(
        covered,
        readme_codes(),
        "the issues built here must cover exactly the codes of docs/diagnostics.md: a new \
         code needs a value here, so that its Chinese wording is checked"
    );
    for kind in &kinds {
        let english = kind.message();
        assert!(!english.is_empty(), "{kind:?}");
        for lang in [Lang::Zh, Lang::ZhHant] {
            let message = kind.message_in(lang);
            assert!(has_han(&message), "{lang} {kind:?}: {message}");
            assert_ne!(message, english, "{lang} {kind:?}");
            match (kind.help(), kind.help_in(lang)) {
                (None, None) => {}
                (Some(english), Some(help)) => {
                    assert!(has_han(&help), "{lang} {kind:?}: {help}");
                    assert_ne!(help, english, "{lang} {kind:?}");
                }
                (english, help) => panic!("{lang} {kind:?}: help {english:?} but {help:?}"),
            }
        }
        assert_eq!(kind.message_in(Lang::En), english);
        assert_eq!(kind.help_in(Lang::En), kind.help());
    }
}

#[test]
fn traditional_converts_only_qipus_own_words() {
    let kinds = every_issue();
    let mut differing = 0;
    for kind in &kinds {
        let (simplified, traditional) = (kind.message_in(Lang::Zh), kind.message_in(Lang::ZhHant));
        differing += usize::from(simplified != traditional);
        assert_eq!(
            simplified.chars().count(),
            traditional.chars().count(),
            "conversion is character for character here: {simplified} / {traditional}"
        );
    }
    assert!(
        differing * 2 > kinds.len(),
        "{differing} of {}",
        kinds.len()
    );
    // Names, moves and values quoted from a record keep their simplified characters;
    // the moves qipu writes in the record's notation take the reader's script.
    let quoted = [
        (
            Kind::game(shatar::ShatarIssue::AmbiguousMove {
                candidates: vec!["车1d3".to_string(), "车7d3".to_string()],
            }),
            "車1d3 或 車7d3",
        ),
        (
            Kind::game(go::GoIssue::UnknownRules {
                value: "古谱规则".to_string(),
            }),
            "RU[古谱规则]",
        ),
        (
            Kind::File(FileIssue::LeftOut {
                format: Format::Pdn,
                what: vec![LeftOut::Tag("对局地点".to_string())],
                keep_in: vec![Format::Pgn, Format::Pdn, Format::Sgf],
            }),
            "对局地点 標籤",
        ),
    ];
    for (kind, text) in quoted {
        let words = format!(
            "{} {}",
            kind.message_in(Lang::ZhHant),
            kind.help_in(Lang::ZhHant).unwrap_or_default()
        );
        assert!(words.contains(text), "{text} in {words}");
    }
    let words = qipu::zh!("{}的马走了{}", Zh::own("蓝方"), "马g8—f6");
    assert_eq!(words.traditional(), "藍方的馬走了马g8—f6");
}

/// A scoresheet whose names and moves are simplified Chinese, read under zh-Hant.
#[test]
fn quoted_record_text_is_kept_byte_for_byte_in_every_language() {
    let dir = std::env::temp_dir().join(format!("qipu-zh-quoted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("对局.txt");
    let sheet = "白方：乌兰 蓝方：巴特\n(1)e2—e4,e7—e5; (2)马g1—f3,马b8—c6; (3)驼c1—g5,马g8—f6;\n";
    std::fs::write(&file, sheet).unwrap();
    let path = file.to_str().unwrap();
    for lang in ["zh", "zh-Hant"] {
        let output = command()
            .args(["validate", "--format", "human", "--lang", lang, path])
            .output()
            .unwrap();
        let out = String::from_utf8(output.stdout).unwrap();
        // The move as written, under the caret, and the file's name, unconverted.
        assert!(out.contains("驼c1—g5"), "{lang}: {out}");
        assert!(out.contains("对局.txt"), "{lang}: {out}");
        if lang == "zh-Hant" {
            assert!(out.contains("駝不能走到"), "{out}");
        }
        let output = command()
            .args(["validate", "--format", "json", "--lang", lang, path])
            .output()
            .unwrap();
        let json = String::from_utf8(output.stdout).unwrap();
        assert!(json.contains("\"text\":\"驼c1—g5\""), "{lang}: {json}");
        assert!(json.contains("\"code\":\"illegal-move\""), "{json}");
        assert!(json.contains("\"severity\":\"error\""), "{json}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn summary_line(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut command = command();
    command.args(["validate", "--format", "human"]).args(args);
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.arg("samples/go/handicap.sgf").output().unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    out.lines().last().unwrap_or_default().to_string()
}

/// Arguments, environment, and how the summary line starts.
type Case = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
    &'static str,
);

#[test]
fn flag_then_qipu_lang_then_locale_choose_the_language() {
    const EN: &str = "summary:";
    const ZH: &str = "汇总：";
    const HANT: &str = "彙總：";
    let cases: [Case; 14] = [
        (&[], &[], EN),
        (&["--lang", "zh"], &[], ZH),
        (&["--lang", "zh-Hant"], &[], HANT),
        (&["--lang", "en"], &[("QIPU_LANG", "zh")], EN),
        (&["--lang", "zh"], &[("QIPU_LANG", "zh-Hant")], ZH),
        (&[], &[("QIPU_LANG", "zh")], ZH),
        (&[], &[("QIPU_LANG", "zh-TW")], HANT),
        (&[], &[("QIPU_LANG", "en"), ("LANG", "zh_CN.UTF-8")], EN),
        (
            &[],
            &[("QIPU_LANG", "klingon"), ("LANG", "zh_HK.UTF-8")],
            HANT,
        ),
        (&[], &[("LANG", "zh_SG.UTF-8")], ZH),
        (&[], &[("LANG", "zh_TW.Big5")], HANT),
        (
            &[],
            &[("LC_MESSAGES", "zh_MO"), ("LANG", "en_US.UTF-8")],
            HANT,
        ),
        (
            &[],
            &[("LC_ALL", "en_GB.UTF-8"), ("LC_MESSAGES", "zh_CN")],
            EN,
        ),
        (&[], &[("LC_ALL", ""), ("LANG", "zh_Hant_TW")], HANT),
    ];
    for (args, env, start) in cases {
        let line = summary_line(args, env);
        assert!(line.starts_with(start), "{args:?} {env:?}: {line}");
    }
}

#[test]
fn json_words_message_and_help_in_the_language_and_nothing_else() {
    let run = |lang: &str| {
        let output = command()
            .args(["validate", "--format", "json", "--lang", lang])
            .arg("samples/shatar/error-illegal-move.txt")
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        serde_json::from_str::<serde_json::Value>(text.trim()).unwrap()
    };
    let (english, chinese) = (run("en"), run("zh"));
    let diagnostic = |v: &serde_json::Value| v["diagnostics"][0].clone();
    let (mut en, mut zh) = (diagnostic(&english), diagnostic(&chinese));
    assert!(has_han(zh["message"].as_str().unwrap()), "{zh}");
    assert!(has_han(zh["help"].as_str().unwrap()), "{zh}");
    for field in ["message", "help"] {
        en.as_object_mut().unwrap().remove(field);
        zh.as_object_mut().unwrap().remove(field);
    }
    assert_eq!(en, zh);
    let without = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("diagnostics");
        v
    };
    assert_eq!(without(english), without(chinese));
}

#[test]
fn convert_says_what_it_did_in_the_language() {
    let output = command()
        .args(["convert", "--to", "pdn", "--lang", "zh-Hant"])
        .args([
            "samples/go/handicap.sgf",
            "samples/shatar/error-castling.txt",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("圍棋棋譜不能寫成 pdn 格式"), "{err}");
    assert!(
        err.contains("錯誤[castling]: 蒙古象棋沒有王車易位"),
        "{err}"
    );
    assert!(
        err.ends_with("qipu: convert：2 個檔案：已寫出 0 份棋譜（其中 0 份有錯誤），跳過 2 份，0 個檔案無法讀取\n"),
        "{err}"
    );
}

fn samples() -> Vec<String> {
    let mut files = Vec::new();
    for family in ["shatar", "draughts", "go"] {
        for entry in std::fs::read_dir(format!("samples/{family}")).unwrap() {
            let name = entry.unwrap().file_name();
            files.push(format!("samples/{family}/{}", name.to_string_lossy()));
        }
    }
    files.sort();
    files
}

#[test]
fn snapshots_of_validate_in_chinese() {
    for file in samples() {
        for (lang, what) in [
            ("zh", "validate_human_zh"),
            ("zh-Hant", "validate_human_zh_hant"),
        ] {
            let output = command()
                .args(["validate", "--format", "human", "--lang", lang, &file])
                .output()
                .unwrap();
            let out = String::from_utf8(output.stdout).unwrap();
            let family = file.split('/').nth(1).unwrap();
            insta::assert_snapshot!(snapshot_name(&format!("{what}__{family}"), &file), out);
        }
    }
}
