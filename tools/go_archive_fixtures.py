#!/usr/bin/env python3
"""Writes the GIB, NGF, UGF and UGI fixtures of tests/it/go_formats.rs.

Each game is written in the shapes public converters document (Sabaki's importers,
aeb's gib2sgf, ngf2sgf and ugi2sgf), in three encodings each, with names in Korean,
Chinese or Japanese. Alongside every file, `<name>.expect` lists what the SGF qipu
makes of it must hold: one `IDENT value` line per game-info property, `AB` for the
handicap stones, and `moves` with the colour and SGF point of every main-line move
(`B:pd`, `W:` for a pass). Run from the repository root:

    python3 tools/go_archive_fixtures.py
"""

import os

OUT = "tests/fixtures/go/formats"

# (x, y) from the upper left, as SGF points: pd dp pp dd fq qf nc cf jj cn qj fc.
EVEN = [(15, 3), (3, 15), (15, 15), (3, 3), (5, 16), (16, 5), (13, 2), (2, 5),
        (9, 9), (2, 13), (16, 9), (5, 2)]
# Moves of a two- or three-stone handicap game, White first; None is a pass.
HANDICAP = [(3, 3), (15, 15), (16, 5), (5, 16), (13, 2), None, (2, 5), (9, 9),
            (2, 13), (16, 9)]
# Moves of a three-stone game (stones on dp, pd and dd), White first.
HANDICAP3 = [(15, 15), (5, 16), (16, 5), (13, 2), (2, 5), (9, 9), (2, 13), (16, 9)]


def sgf(point):
    return "" if point is None else "abcdefghijklmnopqrs"[point[0]] + "abcdefghijklmnopqrs"[point[1]]


def colours(moves, first):
    other = {"B": "W", "W": "B"}
    colour = first
    for move in moves:
        yield colour, move
        colour = other[colour]


def expect(name, info, moves, first, setup=()):
    lines = [f"{ident} {value}" for ident, value in info]
    if setup:
        lines.append("AB " + " ".join(sgf(p) for p in setup))
    lines.append("moves " + " ".join(f"{c}:{sgf(m)}" for c, m in colours(moves, first)))
    with open(os.path.join(OUT, name + ".expect"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write(name, text, encoding, crlf=True):
    if crlf:
        text = text.replace("\n", "\r\n")
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(text.encode(encoding))


# ---------------------------------------------------------------- GIB

def gib(black, white, rank_b, rank_w, game_name, place, date_field, infomain, tag,
        handicap, moves, first, result_words=""):
    header = [
        "\\HS",
        "\\[GIBOKIND=Global\\]",
        "\\[TYPE=0\\]",
        f"\\[GAMENAME={game_name}\\]",
        f"\\[GAMEDATE={date_field}\\]",
        f"\\[GAMEPLACE={place}\\]",
        "\\[GAMELECNAME=\\]",
        f"\\[GAMERESULT={result_words}\\]",
        f"\\[GAMEWHITENAME={white} ({rank_w})\\]",
        "\\[GAMEWHITELEVEL=18\\]",
        "\\[GAMEWHITENICK=white01\\]",
        f"\\[GAMEBLACKNAME={black} ({rank_b})\\]",
        "\\[GAMEBLACKLEVEL=18\\]",
        "\\[GAMEBLACKNICK=black01\\]",
        "\\[GAMECOMMENT=\\]",
        f"\\[GAMEINFOMAIN={infomain}\\]",
        f"\\[GAMETAG={tag}\\]",
        "\\HE",
        "\\GS",
        "2 1 0",
        f"{len(moves) + 1} 0 &4",
        f"INI 0 1 {handicap} &4",
    ]
    n = 2
    for colour, move in colours(moves, first):
        if move is None:
            header.append(f"SKI 0 {n}")
        else:
            header.append(f"STO 0 {n} {1 if colour == 'B' else 2} {move[0]} {move[1]}")
        n += 1
    header.append("\\GE")
    return "\n".join(header) + "\n"


def gib_files():
    text = gib("박정환", "이세돌", "9D", "9D", "제3기 바둑 명인전", "서울 한국기원",
               "2023- 4- 5-14-30-00",
               "GBKIND:3,GTYPE:0,GCDT:0,GTIME:1200-30-3,GRLT:3,ZIPSU:0,DUM:0,GONGJE:65,TCNT:12,AUSZ:0",
               "S1,R3,D0,G65,W3,Z0,T30-3-1200,C2023:04:05:14:30",
               0, EVEN, "B", "흑 불계승")
    write("tygem-korean.gib", text, "euc-kr")
    expect("tygem-korean.gib", [("PB", "박정환"), ("BR", "9D"), ("PW", "이세돌"), ("WR", "9D"),
                                 ("DT", "2023-04-05"), ("KM", "6.5"), ("RE", "B+R"),
                                 ("GN", "제3기 바둑 명인전"), ("PC", "서울 한국기원")], EVEN, "B")
    # No GAMEINFOMAIN result or komi: GAMETAG's codes carry them, and the date.
    text = gib("柯洁", "古力", "9段", "9段", "弈城围棋网", "弈城", "",
               "GBKIND:2,GTYPE:0,GCDT:1,GTIME:1800-60-3,DUM:0,TCNT:10",
               "S0,R1,D0,G5,W1,Z35,T60-3-1800,C2022:11:20:19:05",
               2, HANDICAP, "W")
    write("tygem-chinese.gib", text, "gb2312")
    expect("tygem-chinese.gib", [("PB", "柯洁"), ("BR", "9段"), ("PW", "古力"), ("WR", "9段"),
                                  ("DT", "2022-11-20"), ("KM", "0.5"), ("HA", "2"),
                                  ("RE", "W+3.5")], HANDICAP, "W", setup=[(3, 15), (15, 3)])
    text = gib("井山裕太", "신진서", "9D", "9D", "Tygem World", "東京",
               "2021年 3月 7日 下午 2:10",
               "GBKIND:1,GTYPE:0,GCDT:0,GTIME:600-30-3,GRLT:0,ZIPSU:25,DUM:0,GONGJE:65,TCNT:12",
               "S1,R1,D0,G65,W0,Z25,T30-3-600,C2021:03:07:14:10",
               0, EVEN, "B")
    write("tygem-utf8.gib", text, "utf-8")
    expect("tygem-utf8.gib", [("PB", "井山裕太"), ("BR", "9D"), ("PW", "신진서"), ("WR", "9D"),
                               ("DT", "2021-03-07"), ("KM", "6.5"), ("RE", "B+2.5")], EVEN, "B")


# ---------------------------------------------------------------- NGF

def ngf(title, white, black, site, handicap, komi, date, result, moves, first):
    lines = [title, "19", white, black, site, str(handicap), "0", str(komi), date, "60",
             result, str(len(moves))]
    n = 1
    for colour, move in colours(moves, first):
        seq = chr(ord("A") + n // 26) + chr(ord("A") + n % 26)
        if move is None:
            xy = "AAAA"
        else:
            x, y = chr(ord("B") + move[0]), chr(ord("B") + move[1])
            xy = x + y + y + x
        lines.append(f"PM{seq}{colour}{xy}")
        n += 1
    return "\n".join(lines) + "\n"


def ngf_files():
    text = ngf("친선 대국", "이창호      9단", "조훈현      9단", "www.cyberoro.com", 0, 6,
               "20190312 [20:15]", "흑 불계승", EVEN, "B")
    write("cyberoro-korean.ngf", text, "euc-kr")
    expect("cyberoro-korean.ngf", [("PB", "조훈현"), ("BR", "9단"), ("PW", "이창호"), ("WR", "9단"),
                                    ("DT", "2019-03-12"), ("KM", "6.5"), ("RE", "B+R"),
                                    ("GN", "친선 대국"), ("PC", "www.cyberoro.com")], EVEN, "B")
    text = ngf("ﾚｰﾃｨﾝｸﾞ対局", "芝野虎丸  9段", "一力遼    9段", "www.wbaduk.com", 0, 6,
               "20200801 [09:31]", "白5.5目勝ち!", EVEN, "B")
    write("wbaduk-japanese.ngf", text, "utf-8", crlf=False)
    expect("wbaduk-japanese.ngf", [("PB", "一力遼"), ("BR", "9段"), ("PW", "芝野虎丸"), ("WR", "9段"),
                                    ("DT", "2020-08-01"), ("KM", "6.5"), ("RE", "W+5.5")], EVEN, "B")
    text = ngf("让子棋", "常昊 9段", "王磊 5段", "www.wbaduk.com", 3, 0,
               "20180105 [15:40]", "黑中盘胜", HANDICAP3, "W")
    write("wbaduk-chinese.ngf", text, "gb2312")
    expect("wbaduk-chinese.ngf", [("PB", "王磊"), ("BR", "5段"), ("PW", "常昊"), ("WR", "9段"),
                                   ("DT", "2018-01-05"), ("KM", "0"), ("HA", "3"), ("RE", "B+R")],
           HANDICAP3, "W", setup=[(3, 15), (15, 3), (3, 3)])


# ---------------------------------------------------------------- UGF / UGI

def ugf_letters(point, rows):
    if point is None:
        return "YA"
    x, y = point
    row = 18 - y if rows == "IGS" else y
    return chr(ord("A") + x) + chr(ord("A") + row)


def ugf(title, place, date, rule, hdcp, komi, winner, black, white, moves, first, rows,
        setup=(), figure="", extra=""):
    lines = ["[Header]", "Lang=JPN", f"Title={title}", f"Place={place}", f"Date={date}",
             f"Rule={rule}", "Size=19", f"Hdcp={hdcp},{komi}", f"Winner={winner}",
             "Writer=", f"PlayerB={black}", f"PlayerW={white}", "Copyright="]
    if rows:
        lines.append(f"CoordinateType={rows}")
    lines.append(extra)
    lines.append("[Data]")
    for point in setup:
        lines.append(f"{ugf_letters(point, rows or 'IGS')},B1,0,0")
    n = 1
    for colour, move in colours(moves, first):
        lines.append(f"{ugf_letters(move, rows or 'IGS')},{colour}{1 if colour == 'B' else 2},{n},{n % 7}")
        n += 1
    text = "\n".join(line for line in lines if line) + "\n"
    return text + figure


def figure(rows, comments, heading="解説譜"):
    """A review: a game comment, a comment and a label on move 3, and at move 6 a side
    line from the position after move 5 (two moves, a comment on the first)."""
    game, on_three, side = comments
    lines = ["[Figure]", ".Text,0", game, ".EndText", ".Text,3", on_three, ".#,10,10,A",
             ".EndText", f".Fig,6,1,1,19,19,{heading},1,0"]
    for colour, move in colours(EVEN[:5], "B"):
        lines.append(f"{ugf_letters(move, rows)},{colour}{1 if colour == 'B' else 2},0,0")
    lines += [f"{ugf_letters((2, 15), rows)},W2,1,0", ".Text", side, ".EndText",
              f"{ugf_letters((9, 3), rows)},B1,2,0", ".EndFig"]
    return "\n".join(lines) + "\n"


def ugf_files():
    info_jp = [("PB", "井山裕太"), ("BR", "九段"), ("PW", "芝野虎丸"), ("WR", "九段"),
               ("DT", "2023-05-10,2023-05-11"), ("KM", "6.5"), ("RE", "W+R"),
               ("RU", "Japanese"), ("EV", "第78期, 本因坊戦, 第1局"), ("PC", "東京都")]
    text = ugf("第78期,本因坊戦,第1局", "東京都", "2023/05/10,10:00,2023/05/11,18:00", "JPN",
               0, "6.50", "W,C", "井山裕太,九段,", "芝野虎丸,九段,", EVEN, "B", "IGS")
    write("pandanet-japanese.ugf", text, "shift_jis")
    expect("pandanet-japanese.ugf", info_jp, EVEN, "B")
    text = ugf("Pandanet Open", "Internet", "2020/02/02,12:00,2020/02/02,13:00", "JPN",
               2, "0.50", "B,2.5", "王檄,七段,", "James Kerwin,1d,", HANDICAP, "W", "JPN",
               setup=[(3, 15), (15, 3)])
    write("pandanet-utf8.ugf", text, "utf-8")
    expect("pandanet-utf8.ugf", [("PB", "王檄"), ("BR", "七段"), ("PW", "James Kerwin"),
                                  ("WR", "1d"), ("DT", "2020-02-02"), ("KM", "0.5"), ("HA", "2"),
                                  ("RE", "B+2.5")], HANDICAP, "W", setup=[(3, 15), (15, 3)])
    text = ugf("국수전", "서울", "2019/09/09,10:00,2019/09/09,17:00", "JPN", 0, "6.50", "B,1.5",
               "신민준,9단,", "변상일,9단,", EVEN, "B", "", extra="Ptime=0;180;1;60")
    write("pandanet-korean.ugf", text, "euc-kr")
    expect("pandanet-korean.ugf", [("PB", "신민준"), ("BR", "9단"), ("PW", "변상일"), ("WR", "9단"),
                                    ("DT", "2019-09-09"), ("KM", "6.5"), ("RE", "B+1.5")], EVEN, "B")
    # Reviews (UGI): the same games with a [Figure] section.
    text = ugf("第78期,本因坊戦,第1局", "東京都", "2023/05/10,10:00,2023/05/11,18:00", "JPN",
               0, "6.50", "W,C", "井山裕太,九段,", "芝野虎丸,九段,", EVEN, "B", "IGS",
               figure=figure("IGS", ("両者の持ち味が出た一局。", "三手目は新手。",
                                     "ここで白はツケも有力。")))
    write("review-japanese.ugi", text, "shift_jis")
    expect("review-japanese.ugi", info_jp, EVEN, "B")
    text = ugf("名人戦", "上海", "2022/06/01,09:00,2022/06/01,17:30", "CHN", 0, "7.50", "B,C",
               "柯洁,九段,", "芈昱廷,九段,", EVEN, "B", "JPN",
               figure=figure("JPN", ("全局精彩。", "第三手是新手。", "白棋此时也可以碰。")))
    write("review-utf8.ugi", text, "utf-8")
    expect("review-utf8.ugi", [("PB", "柯洁"), ("BR", "九段"), ("PW", "芈昱廷"), ("WR", "九段"),
                                ("DT", "2022-06-01"), ("KM", "7.5"), ("RE", "B+R"),
                                ("RU", "Chinese")], EVEN, "B")
    text = ugf("기성전", "부산", "2021/10/10,10:00,2021/10/10,16:00", "JPN", 0, "6.50", "W,3.5",
               "김지석,9단,", "최정,9단,", EVEN, "B", "IGS",
               figure=figure("IGS", ("흥미로운 대국.", "3수는 신수.", "여기서 백은 붙임도 유력."),
                              heading="참고도"))
    write("review-korean.ugi", text, "euc-kr")
    expect("review-korean.ugi", [("PB", "김지석"), ("BR", "9단"), ("PW", "최정"), ("WR", "9단"),
                                  ("DT", "2021-10-10"), ("KM", "6.5"), ("RE", "W+3.5")], EVEN, "B")


# ------------------------------------------------ NGF of GI lines, UGI review trees

def gi_ngf(title, white, black, date, komi, result, remark, moves, first):
    """The dialect whose header lines all carry `GI` (Sabaki keeps one in its tests):
    title, White, Black, site, a blank field, date, size, handicap, 0, komi, moves; then
    the PM lines, a `GI1` line and the result in words."""
    lines = [f"GI{v}" for v in (title, white, black, "", "", date, "19", "0", "0", komi,
                                len(moves))]
    n = 1
    for colour, move in colours(moves, first):
        seq = chr(ord("A") + n // 26) + chr(ord("A") + n % 26)
        x, y = chr(ord("B") + move[0]), chr(ord("B") + move[1])
        lines.append(f"PM{seq}{colour}{x}{y}{y}{x}")
        n += 1
    lines += ["GI1", f"IDB[{len(moves)}] {result}({remark})[EndTxt]"]
    return "\n".join(lines) + "\n"


def gi_files():
    text = gi_ngf("名人战决赛", "常昊 九段", "古力 七段", "2005-11-3", 6, "白中盘胜", "网络直播",
                  EVEN, "B")
    write("gi-chinese.ngf", text, "gb2312", crlf=False)
    expect("gi-chinese.ngf", [("PB", "古力"), ("BR", "七段"), ("PW", "常昊"), ("WR", "九段"),
                               ("DT", "2005-11-03"), ("KM", "6.5"), ("RE", "W+R"),
                               ("GN", "名人战决赛"), ("GC", "网络直播")], EVEN, "B")


class Node:
    """A node of a review tree: a move (colour, point or None for a pass; None for a node
    without a move), a comment, and its children, the first one the line that goes on."""

    def __init__(self, move=None, comment="", children=()):
        self.move, self.comment, self.children = move, comment, list(children)
        self.id = None


def line(moves, first, comments=None, tail=None):
    """A line of nodes playing `moves` from colour `first`; `comments` by index; `tail`
    the children of the last node."""
    comments = comments or {}
    nodes = [Node((c, m), comments.get(i, "")) for i, (c, m) in enumerate(colours(moves, first))]
    for a, b in zip(nodes, nodes[1:]):
        a.children.append(b)
    if tail:
        nodes[-1].children.extend(tail)
    return nodes


def review_tree():
    """The main line is EVEN then two passes and an empty node; after move 4 two side
    lines, the first with a side line of its own instead of its second move; comments on the
    game, moves of each line, the empty node and a node the review does not have."""
    nested = line([(9, 3), (10, 4)], "W", {1: "更に深い変化。"})
    side_one = line([(2, 15), (9, 9), (12, 12)], "B", {0: "ここでは打ち込み。"})
    side_one[0].children.append(nested[0])
    side_two = line([(16, 16), (15, 16)], "B", {1: "[参考] 別の手段。"})
    main = line(EVEN + [None, None], "B",
                {2: "三手目は新手。", 13: "終局。"}, tail=[Node(None, "黒の中押し勝ちと見る。")])
    main[3].children += [side_one[0], side_two[0]]
    root = Node(None, "両者の持ち味が出た一局。\n解説：本因坊", [main[0]])
    # Ids: the main line first, then the side lines, as review programs number them.
    ids = iter(range(1, 1000))
    order = [root] + main + [main[-1].children[0]]
    for node in order:
        node.id = next(ids)
    def number(node):
        pending = [node]
        while pending:
            n = pending.pop()
            if n.id is None:
                n.id = next(ids)
            pending.extend(reversed(n.children))
    for alternative in main[3].children[1:]:
        number(alternative)
    return root


def review_lines(root, rows):
    """`[ReviewNode]` of the tree: each node, then a VARIATION block for each child but
    the first, then the first child's line."""
    out = []
    def point(move):
        if move is None:
            return "20,20"
        x, y = move
        return f"{x + 1},{(18 - y if rows == 'IGS' else y) + 1}"
    pending = [("node", root, 0)]
    while pending:
        kind, item, depth = pending.pop()
        if kind == "text":
            out.append("  " * depth + item)
            continue
        colour = {None: 0, "B": 1, "W": 2}[item.move[0] if item.move else None]
        where = point(item.move[1]) if item.move else "0,0"
        out.append("  " * depth + f"NODE,{item.id},{colour},{where}")
        steps = []
        for child in item.children[1:]:
            steps += [("text", "VARIATION,", depth + 1), ("node", child, depth + 1),
                      ("text", "VARIATIONEND,", depth + 1)]
        if item.children:
            steps.append(("node", item.children[0], depth))
        pending.extend(reversed(steps))
    return out


def tree_lines(root):
    """What the SGF qipu makes must hold, node by node in preorder: the path of child
    indices, the move (`B:pd`, `W:` a pass, `-` none) and the comment (lines joined by
    `|`). A node without a move after the root is no SGF node: its comment rides on the
    move before it."""
    out = []
    pending = [(root, "", None)]
    while pending:
        node, path, parent = pending.pop()
        children = [c for c in node.children if c.move is not None]
        for c in node.children:
            if c.move is None:
                node.comment = (node.comment + " " + c.comment).strip()
        move = "-" if node.move is None else f"{node.move[0]}:{sgf(node.move[1])}"
        out.append((path, move, node))
        for i, child in reversed(list(enumerate(children))):
            pending.append((child, f"{path}.{i}" if path else str(i), node))
    return [f"{path or 'root'} {move} {node.comment.replace(chr(10), '|')}".rstrip()
            for path, move, node in out]


def review_files():
    root = review_tree()
    header = ["[Header]", "Ver=REVIEW1,200", "Lang=SJIS", "Title=第78期,本因坊戦,第1局",
              "Date=2023/05/10,10:00,2023/05/11,18:00", "Rule=JPN", "Size=19",
              "Hdcp=0,6.50", "Winner=B,C", "PlayerB=井山裕太,九段,", "PlayerW=芝野虎丸,九段,",
              "CoordinateType=IGS", "[Data]"]
    main = EVEN + [None, None]
    data = [f"{ugf_letters(m, 'IGS')},{c}{1 if c == 'B' else 2},{n},0"
            for n, (c, m) in enumerate(colours(main, "B"), start=1)]
    comments = []
    pending = [root]
    while pending:
        node = pending.pop()
        if node.comment:
            comments.append((node.id, node.comment))
        pending.extend(reversed(node.children))
    comment_lines = []
    for node_id, text in sorted(comments):
        comment_lines.append(f".Comment,{node_id}")
        comment_lines += [" " + part for part in text.split("\n")]
    comment_lines += [".Comment,999", "存在しない局面への評。"]
    text = "\n".join(header + data + ["[ReviewNode]"] + review_lines(root, "IGS")
                      + ["[ReviewComment]"] + comment_lines) + "\n"
    write("review-tree.ugi", text, "shift_jis")
    expect("review-tree.ugi", [("PB", "井山裕太"), ("PW", "芝野虎丸"), ("RE", "B+R"),
                                ("KM", "6.5")], main, "B")
    # The comment on node 999 is kept on the game, after its own.
    lines = tree_lines(root)
    lines[0] += " 存在しない局面への評。"
    with open(os.path.join(OUT, "review-tree.ugi.tree"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    gib_files()
    ngf_files()
    ugf_files()
    gi_files()
    review_files()
