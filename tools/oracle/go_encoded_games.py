#!/usr/bin/env python3
"""Random legal Go games with CJK names, comments and variations, in six encodings.

sgfmill is the independent engine: it plays every move (captures, simple ko) of the main line
and of each variation; as in go_random_games.py, suicide and any repeated whole-board position
(positional superko) are refused too, so every game is legal under any ko rule.

Writes, under tests/fixtures/go/encoded/ (or the folder given as the first argument):
  NNN-ENC.sgf             40 games on 9x9, 13x13 and 19x19, some with handicap (HA + AB), some
                          with passes, with player names (PB, PW), a game comment (GC), a root
                          comment (C), comments on several moves and 1-3 variations, each written
                          in one encoding, rotating among:
                            utf8       UTF-8      CA[UTF-8]
                            gb18030    GB18030    CA[GB18030]
                            gbnoca     GB18030    no CA (the reader has to detect it)
                            big5       Big5       CA[Big5]        (traditional characters)
                            sjis       Shift_JIS  CA[Shift_JIS]   (Japanese)
                            euckr      EUC-KR     CA[EUC-KR]      (Korean)
  truth.jsonl             one object per game: file, encoding (as qipu names it), size,
                          handicap, setup_black, moves (main line), PB, PW, GC, root_comment,
                          comments (by main-line move number), variations
  corrupted/NNN-ENC.sgf   one copy per encoding with one main-line move moved onto an occupied
                          point (comments and variations kept)
  corrupted/truth.jsonl   file, original, encoding, move_number (1-based) of the bad move

Text is escaped character by character (only `]` and `\\` get a backslash) and the whole file is
then encoded, so a multi-byte character whose trail byte is 0x5C or 0x5D (GBK 誠 = D5 5C,
Big5 許 = B3 5C, Big5 孫 = AE 5D, Shift_JIS 表 = 95 5C) is written as its plain bytes, as SGF
editors in those encodings do. Some files put PB/PW before CA in the root node, so such a name
comes before the charset declaration. Every file is checked before it is written: decoded again
and parsed by sgfmill (as UTF-8), it must give back the same moves, names and comments.

Moves in the truth file are [colour, point] pairs, point "" for a pass. Move numbers count the
move nodes of the main line, passes included, setup not; a variation's "at" is the number of the
main-line move it replaces (its first move is an alternative to that move, from the position
before it), and its comments are keyed by the numbers its own moves continue with.

Regenerate (deterministic, fixed SEED):
  pip install sgfmill   # 1.1.1
  python3 tools/oracle/go_encoded_games.py [OUTPUT_DIR]
This is a test-time tool only; qipu does not depend on it.
"""

import json
import random
import sys
from pathlib import Path

from sgfmill import boards, sgf

# Board helpers shared with the plain random-game oracle beside this script.
from go_random_games import from_sgf, handicap_points, neighbours, own_eye, snapshot, to_sgf

SEED = 19951025  # 应氏杯 first final
GAMES = 40

# (tag, Python codec, CA label or None, encoding name qipu reports, language)
ENCODINGS = [
    ("utf8", "utf-8", "UTF-8", "UTF-8", "zh"),
    ("gb18030", "gb18030", "GB18030", "GB18030", "zh"),
    ("gbnoca", "gb18030", None, "GB18030", "zh"),
    ("big5", "big5", "Big5", "Big5", "zh-Hant"),
    ("sjis", "shift_jis", "Shift_JIS", "Shift_JIS", "ja"),
    ("euckr", "euc_kr", "EUC-KR", "EUC-KR", "ko"),
]

# Names: in the GBK and Big5 lists the first one ends in a character whose trail byte is 0x5C or
# 0x5D (GBK 誠 D5 5C, Big5 許 B3 5C; Big5 孫 AE 5D is in the list too); the first two games of each
# encoding use it as PB or PW. Shift_JIS gets its 0x5C trail bytes from the comments (the root
# comment ends in 表, 95 5C, right before `]`); EUC-KR has no such bytes.
NAMES = {
    "zh": ["王立誠", "柯洁", "芈昱廷", "常昊", "古力", "聂卫平", "马晓春", "时越", "唐韦星", "江维杰"],
    "zh-Hant": ["許", "王立誠", "林海峰", "周俊勳", "許家元", "王元均", "陳詩淵", "孫", "聶衛平"],
    "ja": ["井山裕太", "本因坊秀策", "一力遼", "芝野虎丸", "張栩", "趙治勲", "小林光一", "代表"],
    "ko": ["이창호", "조훈현", "이세돌", "박정환", "신진서", "최정", "유창혁", "서봉수"],
}

# Comments; each language has some with `]`, `\` and a line break, and characters whose trail
# byte is 0x5C/0x5D in its legacy encoding (GBK 慮 揮 註, Big5 功 蓋 因 財, Shift_JIS ソ 能 十 申).
COMMENTS = {
    "zh": [
        "好手！",
        "此手考慮不周，应该先补断点。",
        "黑棋发揮了厚势的威力",
        "白[妙手]，黑\\难以应对",
        "注：这里是劫争的关键\n黑棋不能退让",
        "实战进行",
        "大场。",
        "恶手，应在三三点入",
        "形势判断：黑棋稍优",
        "白棋打入，战斗开始",
        "次序正确 [参考图]",
        "路径 C:\\围棋\\棋谱",
    ],
    "zh-Hant": [
        "好手！",
        "白棋成功打入",
        "黑棋蓋住，因此白棋苦戰",
        "白[妙手]，黑\\難以應對",
        "註：這裡是劫爭的關鍵\n黑棋不能退讓",
        "實戰進行",
        "大場。",
        "惡手，應在三三點入",
        "形勢判斷：黑棋稍優，財產豐厚",
        "功夫棋",
        "次序正確 [參考圖]",
        "路徑 C:\\圍棋\\棋譜",
    ],
    "ja": [
        "好手！",
        "ソフトの評価では黒が有利",
        "この手は十分に能力を発揮した",
        "白[妙手]、黒\\困った",
        "注：ここがコウの焦点\n黒は譲れない",
        "実戦の進行",
        "大場。",
        "悪手、三々に入るべき",
        "形勢判断：黒やや良し",
        "申し分のない一手",
        "手順正しい [参考図]",
        "表の通り",
    ],
    "ko": [
        "좋은 수！",
        "이 수는 신중하지 못했다",
        "흑이 두터움을 활용했다",
        "백[묘수], 흑\\곤란",
        "주: 여기가 패의 핵심\n흑은 물러설 수 없다",
        "실전 진행",
        "큰 자리.",
        "악수, 삼삼에 들어가야 한다",
        "형세 판단: 흑이 약간 유리",
        "백이 침입하여 전투 시작",
        "수순이 정확하다 [참고도]",
    ],
}

GAME_COMMENTS = {
    "zh": "第{n}局 随机对局（sgfmill 生成），中国规则",
    "zh-Hant": "第{n}局 隨機對局（sgfmill 生成），中國規則",
    "ja": "第{n}局 ランダム対局（sgfmill 生成）、中国ルール",
    "ko": "제{n}국 무작위 대국 (sgfmill 생성), 중국 규칙",
}

# Every root comment has `]` and `\`, so escaping is exercised in every file.
ROOT_COMMENTS = {
    "zh": "开局评论：黑[先]\\白[后]",
    "zh-Hant": "開局評論：黑[先]\\白[後]，許",
    "ja": "序盤の解説：黒[先番]\\白[後番]、表",
    "ko": "초반 해설: 흑[선]\\백[후]",
}

VARIATION_COMMENTS = {
    "zh": ["变化图{k}", "参考图{k}：白棋更好", "另一种下法"],
    "zh-Hant": ["變化圖{k}", "參考圖{k}：白棋更好", "另一種下法"],
    "ja": ["変化図{k}", "参考図{k}：白が良い", "別の打ち方"],
    "ko": ["변화도{k}", "참고도{k}: 백이 낫다", "다른 수"],
}

def legal_after(board, colour, row, col, seen, ko_point):
    """The board after the move, or None if sgfmill, suicide or superko refuse it."""
    if board.get(row, col) is not None or (row, col) == ko_point:
        return None
    after = board.copy()
    ko = after.play(row, col, colour)
    if after.get(row, col) is None or snapshot(after) in seen:
        return None
    return after, ko


class Position:
    """A position during play: board, repetition history, player to move, simple-ko point."""

    def __init__(self, board, seen, colour, ko_point, last_pass):
        self.board, self.seen, self.colour = board, seen, colour
        self.ko_point, self.last_pass = ko_point, last_pass

    def copy(self):
        return Position(self.board.copy(), set(self.seen), self.colour, self.ko_point, self.last_pass)


def play_line(rng, position, length, pass_rate, avoid_first=None):
    """Plays `length` random legal moves from `position` (changed in place).

    Returns the moves as (colour, point) pairs and the position before each one. Passes never
    follow a pass, so no line ends the game early. `avoid_first` is a point the first move
    must not be (the main-line move a variation is an alternative to)."""
    moves, before = [], []
    for _ in range(length):
        before.append(position.copy())
        size = position.board.side
        chosen = None
        wants_pass = rng.random() < pass_rate and not position.last_pass
        if not wants_pass:
            empties = [(r, c) for r in range(size) for c in range(size)]
            rng.shuffle(empties)
            for row, col in empties:
                if own_eye(position.board, position.colour, row, col):
                    continue
                if not moves and avoid_first == to_sgf(size, row, col):
                    continue
                result = legal_after(
                    position.board, position.colour, row, col, position.seen, position.ko_point
                )
                if result is not None:
                    chosen = (row, col, result)
                    break
        if chosen is None:
            if position.last_pass or (not moves and avoid_first == ""):
                break  # nothing sensible left: end the line rather than pass twice
            moves.append((position.colour, ""))
            position.ko_point, position.last_pass = None, True
        else:
            row, col, (board, ko) = chosen
            position.board, position.ko_point, position.last_pass = board, ko, False
            position.seen.add(snapshot(board))
            moves.append((position.colour, to_sgf(size, row, col)))
        position.colour = "w" if position.colour == "b" else "b"
    return moves, before


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def node_text(colour, point, comment):
    out = f";{colour.upper()}[{point}]"
    if comment is not None:
        out += f"C[{escape(comment)}]"
    return out


def sgf_text(game, root_order):
    """The whole game as Unicode SGF text (escaped per character)."""
    main, comments, variations = game["moves"], game["comments"], game["variations"]
    by_at = {}
    for v in variations:
        by_at.setdefault(v["at"], []).append(v)

    props = {
        "GM": "1",
        "FF": "4",
        "SZ": str(game["size"]),
        "KM": game["komi"],
        "RU": "Chinese",
        "PB": escape(game["PB"]),
        "PW": escape(game["PW"]),
        "GC": escape(game["GC"]),
    }
    if game["ca"] is not None:
        props["CA"] = game["ca"]
    root = "(;"
    for ident in root_order:
        if ident in props:
            root += f"{ident}[{props[ident]}]"
    if game["handicap"]:
        root += f"HA[{game['handicap']}]AB" + "".join(f"[{p}]" for p in game["setup_black"])
    root += f"C[{escape(game['root_comment'])}]\n"

    def variation(v):
        out = ""
        for i, (colour, point) in enumerate(v["moves"]):
            out += node_text(colour, point, v["comments"].get(str(v["at"] + i)))
        return out

    def cont(j):
        """Main-line nodes from index j on, branching where a variation replaces move j+1."""
        if j >= len(main):
            return ""
        first = node_text(*main[j], comments.get(str(j + 1))) + cont(j + 1)
        if j + 1 in by_at:
            lines = [first] + [variation(v) for v in by_at[j + 1]]
            return "\n" + "".join(f"({line})" for line in lines)
        return ("\n" if j % 10 == 0 and j else "") + first

    return root + cont(0) + ")\n"


def check_with_sgfmill(text, game):
    """Parses the Unicode text with sgfmill and compares it with the game's truth."""
    parsed = sgf.Sgf_game.from_string(text)
    root = parsed.get_root()
    assert root.get("PB") == game["PB"] and root.get("PW") == game["PW"], game["file"]
    assert root.get("GC") == game["GC"] and root.get("C") == game["root_comment"], game["file"]
    node, number = root, 0
    while len(node):
        children = list(node)
        alternatives = children[1:]
        number += 1
        expected = [v for v in game["variations"] if v["at"] == number]
        assert len(alternatives) == len(expected), (game["file"], number)
        for alt, v in zip(alternatives, expected):
            seq, ply = alt, v["at"]
            for colour, point in v["moves"]:
                c, p = seq.get_move()
                assert (c, p) == (colour, from_sgf(game["size"], point) if point else None)
                assert (seq.get("C") if seq.has_property("C") else None) == v["comments"].get(
                    str(ply)
                )
                ply += 1
                seq = seq[0] if len(seq) else None
            assert seq is None
        node = children[0]
        colour, point = game["moves"][number - 1]
        assert node.get_move() == (colour, from_sgf(game["size"], point) if point else None)
        comment = node.get("C") if node.has_property("C") else None
        assert comment == game["comments"].get(str(number)), (game["file"], number, comment)
    assert number == len(game["moves"]), game["file"]


def encode_checked(text, codec, game):
    data = text.encode(codec)
    assert data.decode(codec) == text, game["file"]
    check_with_sgfmill(data.decode(codec), game)
    return data


def make_game(rng, number, tag, codec, ca, qipu_name, lang):
    size = [9, 13, 19][(number + number // len(ENCODINGS)) % 3]
    handicap = 0
    if size >= 13 and rng.random() < 0.45:
        handicap = rng.choice([2, 3, 4, 5] if size == 13 else [2, 3, 4, 5, 6, 7, 8, 9])
    setup = handicap_points(size, handicap) if handicap else []
    board = boards.Board(size)
    for point in setup:
        board.play(*from_sgf(size, point), "b")
    start = Position(board, {snapshot(board)}, "w" if handicap else "b", None, False)
    length = rng.randrange({9: 20, 13: 30, 19: 40}[size], {9: 70, 13: 110, 19: 150}[size])
    pass_rate = 0.05 if number % 4 == 1 else 0.0
    main, before = play_line(rng, start.copy(), length, pass_rate)
    if number % 8 == 3:
        # Some games end with both players passing (a pass never follows a pass before).
        if main[-1][1] == "":
            main.pop()
            before.pop()
        for _ in range(2):
            colour = "w" if main[-1][0] == "b" else "b"
            main.append((colour, ""))

    names = rng.sample(NAMES[lang], 2)
    if number < len(ENCODINGS) * 2:
        # The first two games of each encoding have the 0x5C/0x5D name as PB or PW.
        names[number // len(ENCODINGS) % 2] = NAMES[lang][0]
        other = 1 - number // len(ENCODINGS) % 2
        if names[other] == NAMES[lang][0]:
            names[other] = NAMES[lang][1]
    pool = COMMENTS[lang]
    commented = sorted(rng.sample(range(1, len(main) + 1), min(len(main), rng.randint(2, 5))))
    comments = {str(n): rng.choice(pool) for n in commented}
    if number < len(ENCODINGS):
        # Escapes on a move comment too, in the first game of each encoding.
        comments[str(commented[0])] = pool[3]

    variations = []
    branch_points = list(range(1, len(before) + 1))
    for k in range(rng.randint(1, 3)):
        at = rng.choice(branch_points)
        position = before[at - 1].copy()
        moves, _ = play_line(rng, position, rng.randint(1, 6), 0.1, avoid_first=main[at - 1][1])
        if not moves:
            continue
        vcomments = {}
        if rng.random() < 0.7:
            text = rng.choice(VARIATION_COMMENTS[lang]).format(k=k + 1)
            vcomments[str(at + rng.randrange(len(moves)))] = text
        variations.append({"at": at, "moves": moves, "comments": vcomments})
    # In the file, alternatives to the same move appear in this order.
    variations.sort(key=lambda v: v["at"])

    game = {
        "file": f"{number + 1:03}-{tag}.sgf",
        "encoding": qipu_name,
        "ca": ca,
        "size": size,
        "handicap": handicap,
        "setup_black": setup,
        "komi": "0.5" if handicap else "7.5",
        "PB": names[0],
        "PW": names[1],
        "GC": GAME_COMMENTS[lang].format(n=number + 1),
        "root_comment": ROOT_COMMENTS[lang],
        "moves": [(c.upper(), p) for c, p in main],
        "comments": comments,
        "variations": [
            {"at": v["at"], "moves": [(c.upper(), p) for c, p in v["moves"]], "comments": v["comments"]}
            for v in variations
        ],
    }
    # Internally the moves keep sgfmill's lower-case colours.
    internal = dict(game, moves=main, variations=variations)
    return game, internal, before


ORDERS = [
    ["GM", "FF", "CA", "SZ", "KM", "RU", "PB", "PW", "GC"],
    # Names before the charset: a 0x5C/0x5D trail byte comes before CA.
    ["GM", "FF", "PB", "PW", "CA", "SZ", "KM", "RU", "GC"],
]


def corrupt(rng, internal, before):
    """A copy with one main-line move put on an occupied point, and its 1-based number."""
    main = internal["moves"]
    candidates = [
        n for n in range(len(main) // 3, len(main) + 1)
        if main[n - 1][1] and before[n - 1].board.list_occupied_points()
    ]
    n = rng.choice(candidates)
    size = internal["size"]
    occupied = sorted(before[n - 1].board.list_occupied_points())
    _, (row, col) = rng.choice(occupied)
    bad = list(main)
    bad[n - 1] = (main[n - 1][0], to_sgf(size, row, col))
    return dict(internal, moves=bad), n


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("tests/fixtures/go/encoded")
    (out / "corrupted").mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    truth, corrupted, done = [], [], set()
    counts = {}
    for number in range(GAMES):
        tag, codec, ca, qipu_name, lang = ENCODINGS[number % len(ENCODINGS)]
        game, internal, before = make_game(rng, number, tag, codec, ca, qipu_name, lang)
        order = ORDERS[(number // len(ENCODINGS)) % 2]
        text = sgf_text(internal, order)
        check_game = dict(internal, file=game["file"])
        (out / game["file"]).write_bytes(encode_checked(text, codec, check_game))
        truth.append({k: v for k, v in game.items() if k not in ("ca", "komi")})
        counts[tag] = counts.get(tag, 0) + 1
        if tag not in done:
            done.add(tag)
            bad, n = corrupt(rng, internal, before)
            bad_text = sgf_text(bad, ORDERS[1])
            (out / "corrupted" / game["file"]).write_bytes(bad_text.encode(codec))
            corrupted.append(
                {
                    "file": game["file"],
                    "original": game["file"],
                    "encoding": qipu_name,
                    "move_number": n,
                    "colour": bad["moves"][n - 1][0].upper(),
                    "point": bad["moves"][n - 1][1],
                    "error": "occupied",
                }
            )
    with open(out / "truth.jsonl", "w", encoding="utf-8") as f:
        for entry in truth:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")
    with open(out / "corrupted" / "truth.jsonl", "w", encoding="utf-8") as f:
        for entry in corrupted:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"{len(truth)} games {counts}, {len(corrupted)} corrupted copies", file=sys.stderr)


if __name__ == "__main__":
    main()
