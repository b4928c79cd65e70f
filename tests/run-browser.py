#!/usr/bin/env python3
"""varia serve in a real browser: headless Chromium driven by Selenium
(Debian's chromium, chromium-driver, python3-selenium) plays by clicks a
few moves of chess, of Duck Chess (both steps of a turn), of Gliński's
hexagons and Omega Chess's holes, of Ambiguous
Chess (the opponent chooses) and of Kriegspiel with two players in two
browser sessions, checking that no page of one player shows what the rules
hide from them. Screenshots go to tests/artefacts/ (not in git).
Ends with 'N passed, N failed'; without the browser it says so and fails."""
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "varia")
ART = os.path.join(ROOT, "tests", "artefacts")
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok   " + name)
    else:
        failed += 1
        print("FAIL " + name + (": " + str(detail)[:400] if detail else ""))


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("FAIL python3-selenium is not installed (tools/install-deps.sh --test)")
    print("0 passed, 1 failed")
    sys.exit(1)


def serve(*args):
    p = subprocess.Popen([VARIA, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, text=True)
    links = {}
    while True:
        line = p.stdout.readline()
        if not line or line.startswith("Ctrl-C"):
            break
        m = re.match(r"(starter|white|black): (http://\S+)$", line.strip())
        if m:
            links[m.group(1)] = m.group(2)
    return p, links


def stop(p):
    """The server stops with the pages still open (their event streams
    waiting): cleanly, status 0 (the sanitizer build checks for leaks)."""
    p.send_signal(signal.SIGTERM)
    check("the server stops with pages open", p.wait(timeout=30) == 0, p.returncode)


def browser():
    o = webdriver.ChromeOptions()
    o.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,820"):
        o.add_argument(a)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    d.set_page_load_timeout(30)
    return d


def wait(d, cond, what, timeout=20):
    try:
        # an element found just before a redraw is stale: look again
        WebDriverWait(d, timeout, poll_frequency=0.1,
                      ignored_exceptions=[StaleElementReferenceException]).until(lambda _: cond())
        return True
    except Exception:
        print("     (waited for %s)" % what)
        return False


def click(d, sq):
    # the board is drawn again when the game changes: a square found just
    # before may be gone; find it again
    for attempt in range(10):
        try:
            d.find_element(By.CSS_SELECTOR, 'rect[data-sq="%s"]' % sq).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise RuntimeError("cannot click " + sq)


# Read through JavaScript: one call, never an element the next redraw removed.
def history(d):
    return d.execute_script('return Array.from(document.querySelectorAll("#history li")).map(e => e.textContent)')


def dots(d):
    """The squares marked as destinations."""
    return set(d.execute_script('return Array.from(document.querySelectorAll("circle.dot")).map(e => e.dataset.target)'))


def text(d, id):
    return d.execute_script("return document.getElementById(arguments[0]).textContent", id)


def status(d):
    return text(d, "status")


def chess(d):
    p, links = serve("chess")
    try:
        d.get(links["starter"])
        check("chess: the page draws the board", wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="h8"]'), "h8"))
        check("chess: 32 pieces", len(d.find_elements(By.CSS_SELECTOR, "g.piece")) == 32)
        d.find_element(By.ID, "perft").click()
        check("chess: perft 3 on the page", wait(d, lambda: "perft 3: 8902" in text(d, "perft-out"), "perft"), text(d, "perft-out"))
        d.find_element(By.CSS_SELECTOR, '#diagram-piece option[value="N"]').click()
        d.find_element(By.ID, "diagram").click()
        check("chess: a diagram of the knight on d4", wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "circle.dot")) == 8, "d4"))
        click(d, "a1")
        check("chess: the knight moved to a1 in the diagram",
              wait(d, lambda: dots(d) == {"b3", "c2"}, "a1"))
        d.save_screenshot(os.path.join(ART, "diagram.png"))
        d.find_element(By.ID, "diagram-off").click()
        check("chess: back to the game", wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "g.piece")) == 32, "the game"))
        click(d, "e2")
        marks = dots(d)
        check("chess: a selected pawn shows its destinations", marks == {"e3", "e4"}, marks)
        click(d, "e4")
        check("chess: 1. e4 by clicks", wait(d, lambda: history(d) == ["1. e4"], "1. e4"), history(d))
        click(d, "e7")
        click(d, "e5")
        click(d, "g1")
        click(d, "f3")
        check("chess: three moves by clicks", wait(d, lambda: history(d) == ["1. e4", "e5", "2. Nf3"], "Nf3"), history(d))
        click(d, "e8")
        click(d, "e6")
        check("chess: an illegal click plays nothing", history(d) == ["1. e4", "e5", "2. Nf3"], history(d))
        d.find_element(By.ID, "move-text").send_keys("Ke7")
        d.find_element(By.ID, "play-text").click()
        check("chess: a typed move", wait(d, lambda: len(history(d)) == 4, "Ke7"), history(d))
        d.find_element(By.ID, "undo").click()
        check("chess: undo", wait(d, lambda: len(history(d)) == 3, "undo"), history(d))
        d.find_element(By.ID, "move-text").clear()
        d.find_element(By.ID, "move-text").send_keys("Ke6")
        d.find_element(By.ID, "play-text").click()
        check("chess: a refused move says why", wait(d, lambda: "illegal" in text(d, "notice"), "notice"),
              text(d, "notice"))
        src = d.find_element(By.CSS_SELECTOR, 'rect[data-sq="b8"]')
        dst = d.find_element(By.CSS_SELECTOR, 'rect[data-sq="c6"]')
        dx, dy = dst.location["x"] - src.location["x"], dst.location["y"] - src.location["y"]
        # by offsets: the board is drawn again when the drag starts
        ActionChains(d).move_to_element(src).click_and_hold().move_by_offset(dx // 2, dy // 2) \
            .move_by_offset(dx - dx // 2, dy - dy // 2).release().perform()
        check("chess: a move by dragging", wait(d, lambda: history(d) == ["1. e4", "e5", "2. Nf3", "Nc6"], "Nc6"), history(d))
        d.save_screenshot(os.path.join(ART, "chess.png"))
        # a promotion offers the choice
        fen = d.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys("4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 1")
        d.find_element(By.ID, "load-fen").click()
        wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "g.piece")) == 5, "the FEN")
        click(d, "b7")
        click(d, "b8")
        check("chess: promotion asks which piece", wait(d, lambda: d.find_element(By.ID, "choice").is_displayed(), "choice"))
        d.find_element(By.CSS_SELECTOR, '#choice button[data-uci="b7b8n"]').click()
        check("chess: promotion to a knight", wait(d, lambda: history(d) == ["1. b8=N"], "b8=N"), history(d))
        # the computer answers
        d.find_element(By.CSS_SELECTOR, '#computer option[value="black"]').click()
        check("chess: the computer answers", wait(d, lambda: len(history(d)) == 2, "the computer", 60), history(d))
    finally:
        stop(p)


def duck(d):
    p, links = serve("duck")
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="e2"]'), "board")
        click(d, "e2")
        click(d, "e4")
        check("duck: the first step asks for the duck", wait(d, lambda: "moves the duck" in status(d), "duck"), status(d))
        check("duck: every empty square is marked", len(d.find_elements(By.CSS_SELECTOR, "circle.dot")) == 32)
        click(d, "d5")
        check("duck: the duck is placed, Black to move",
              wait(d, lambda: "Black to move" in status(d) and d.find_elements(By.CSS_SELECTOR, 'g[data-piece="n*"]'), "Black"),
              status(d))
        click(d, "d7")
        marks = dots(d)
        check("duck: the duck blocks d5", marks == {"d6"}, marks)
        click(d, "d6")
        wait(d, lambda: "moves the duck" in status(d), "Black's duck")  # the answer, before the next click
        click(d, "e2")
        check("duck: Black's turn of two steps", wait(d, lambda: "White to move" in status(d), "White"), status(d))
        d.save_screenshot(os.path.join(ART, "duck.png"))
    finally:
        stop(p)


def hexagons(d):
    """Gliński's chess: hexagons drawn and played by clicks."""
    p, links = serve("glinski")
    try:
        d.get(links["starter"])
        cell = 'polygon[data-sq="%s"]'
        check("glinski: 91 hexagons", wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "polygon.sq")) == 91, "hexagons"),
              len(d.find_elements(By.CSS_SELECTOR, "polygon.sq")))
        d.find_element(By.CSS_SELECTOR, cell % "e4").click()
        marks = dots(d)
        check("glinski: e4's pawn may go to e5 or e6", marks == {"e5", "e6"}, marks)
        d.find_element(By.CSS_SELECTOR, cell % "e6").click()
        check("glinski: e4-e6 by clicks", wait(d, lambda: history(d) == ["1. e6"], "e6"), history(d))
        # f11 is above f10, g10 beside and below it: the hexagons stand in files
        y = {sq: d.find_element(By.CSS_SELECTOR, cell % sq).location["y"] for sq in ("f11", "f10", "g10", "a1")}
        check("glinski: the files' cells stacked, the next file half a cell lower",
              y["f11"] < y["g10"] < y["f10"] and y["a1"] > y["f10"], y)
        d.save_screenshot(os.path.join(ART, "glinski.png"))
    finally:
        stop(p)


def holes(d):
    """Omega Chess: a 12x12 array whose holes are not drawn, played by clicks."""
    p, links = serve("omega")
    try:
        d.get(links["starter"])
        cells = lambda: len(d.find_elements(By.CSS_SELECTOR, "rect.sq"))
        check("omega: 104 cells, the holes not drawn", wait(d, lambda: cells() == 104, "cells"), cells())
        check("omega: no cell at the hole b1", not d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="b1"]'))
        click(d, "a1")
        marks = dots(d)
        check("omega: the wizard on the corner cell a1 leaps to b4 only", marks == {"b4"}, marks)
        click(d, "b4")
        check("omega: Wb4 by clicks", wait(d, lambda: history(d) == ["1. Wb4"], "Wb4"), history(d))
        d.save_screenshot(os.path.join(ART, "omega.png"))
    finally:
        stop(p)


def ambiguous(d):
    p, links = serve("ambiguous")
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="e2"]'), "board")
        check("ambiguous: White names a square", "names the square" in status(d), status(d))
        click(d, "f3")
        check("ambiguous: Black chooses which piece goes there",
              wait(d, lambda: "chooses which" in status(d), "the choice"), status(d))
        click(d, "g1")
        check("ambiguous: the chosen piece moves", wait(d, lambda: "Black names" in status(d), "Black"), status(d))
        fen = d.find_element(By.ID, "fen").get_attribute("value")
        check("ambiguous: the FEN has the knight on f3", fen.startswith("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R"), fen)
        d.save_screenshot(os.path.join(ART, "ambiguous.png"))
    finally:
        stop(p)


def unbland(d):
    p, links = serve("unbland")
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="e2"]'), "board")
        fen = d.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:hands=2,5/1,7")
        d.find_element(By.ID, "load-fen").click()
        check("unbland: the hands are shown", wait(d, lambda: "White's hand: 25" in text(d, "hands"), "hands"), text(d, "hands"))
        check("unbland: a card play is a button", wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'button[data-step="cards:e2"]'), "cards"))
        d.find_element(By.CSS_SELECTOR, 'button[data-step="cards:e2"]').click()
        check("unbland: the cards are played", wait(d, lambda: "Black to move" in status(d) and "White's hand: 0" not in text(d, "hands")
                                                    and history(d) and "cards" in history(d)[0], "played"), (status(d), history(d)))
        d.save_screenshot(os.path.join(ART, "unbland.png"))
    finally:
        stop(p)


def kriegspiel(dw):
    p, links = serve("kriegspiel", "--players")
    db = browser()
    try:
        dw.get(links["white"])
        db.get(links["black"])
        for d in (dw, db):
            wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="e2"]'), "board")

        def no_leak(d, other):
            return not d.find_elements(By.CSS_SELECTOR, 'g[data-piece^="%s"]' % other)

        check("kriegspiel: each page shows 16 pieces, its own",
              len(dw.find_elements(By.CSS_SELECTOR, 'g[data-piece^="w"]')) == 16 and no_leak(dw, "b")
              and len(db.find_elements(By.CSS_SELECTOR, 'g[data-piece^="b"]')) == 16 and no_leak(db, "w"))
        click(dw, "e2")
        click(dw, "e4")
        check("kriegspiel: Black's page learns it is its turn",
              wait(db, lambda: "your turn" in status(db), "Black's turn"), status(db))
        click(db, "d7")
        click(db, "d5")
        wait(dw, lambda: "your turn" in status(dw), "White's turn")
        click(dw, "e4")
        click(dw, "d5")
        check("kriegspiel: White's capture is announced to Black",
              wait(db, lambda: "d5" in text(db, "messages"), "message"), text(db, "messages"))
        click(db, "d8")
        click(db, "d2")
        check("kriegspiel: a try answered by the referee",
              wait(db, lambda: "referee" in text(db, "notice"), "answer"), text(db, "notice"))
        for d, other, name in ((dw, "b", "White"), (db, "w", "Black")):
            src = d.page_source
            check("kriegspiel: %s's page shows none of the other side's pieces" % name,
                  no_leak(d, other) and ('data-piece="%s' % other) not in src, name)
            check("kriegspiel: %s's page has no undo, record or move list" % name,
                  not d.find_element(By.ID, "undo").is_displayed() and not d.find_elements(By.CSS_SELECTOR, "#history li"))
        dw.save_screenshot(os.path.join(ART, "kriegspiel-white.png"))
        db.save_screenshot(os.path.join(ART, "kriegspiel-black.png"))
    finally:
        db.quit()
        stop(p)

LOOKS = """local std = require "std"
return std.extend(std.chess, { name = "looks",
  pieces = {
    n = { name = "zebra", betza = "C", glyph = "knight" },
    b = { name = "camel", betza = "B", glyph = "<b" },
    q = { name = "wizard", betza = "Q", image = { body = "M50 8 L84 90 H16 Z", lines = "M30 60 H70" } },
  } })
"""


def looks(d):
    """Pieces drawn as the script says: a standard shape, characters on a
    disc, a drawing of its own; the standard pieces by name; the pieces in
    a pocket drawn as on the board. Nothing a script gives becomes markup."""
    import tempfile
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "looks.lua")
    with open(path, "w") as f:
        f.write(LOOKS)
    p, links = serve(path)
    look = 'return Array.from(document.querySelectorAll(`g.piece[data-at="${arguments[0]}"] [data-look]`)).map(e => e.dataset.look).join()'
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'g.piece[data-at="b1"]'), "b1")
        check("looks: glyph = \"knight\" draws the standard knight", d.execute_script(look, "b1") == "standard:knight",
              d.execute_script(look, "b1"))
        check("looks: the king by its name", d.execute_script(look, "e1") == "standard:king", d.execute_script(look, "e1"))
        check("looks: glyph = \"<b\" is text on a disc", d.execute_script(look, "c1") == "glyph" and d.execute_script(
            'return document.querySelector(`g.piece[data-at="c1"] text`).textContent') == "<b")
        check("looks: no element comes from a script's text", not d.find_elements(By.CSS_SELECTOR, "#board b"))
        paths = d.execute_script('return Array.from(document.querySelectorAll(`g.piece[data-at="d8"] path`))'
                                 '.map(e => [e.getAttribute("d"), e.getAttribute("fill"), e.getAttribute("stroke")])')
        check("looks: image is drawn, body filled in Black's colour and lines over it",
              paths == [["M50 8 L84 90 H16 Z", "#262626", "#000"], ["M30 60 H70", "none", "#eee"]], paths)
        d.save_screenshot(os.path.join(ART, "looks.png"))
    finally:
        stop(p)
        os.remove(path)
        os.rmdir(tmp)
    p, links = serve("crazyhouse")
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="h8"]'), "h8")
        for m, n in (("e2e4", 1), ("d7d5", 2), ("e4d5", 3)):
            d.find_element(By.ID, "move-text").clear()
            d.find_element(By.ID, "move-text").send_keys(m)
            d.find_element(By.ID, "play-text").click()
            wait(d, lambda: len(history(d)) == n, m)
        icons = d.execute_script('return Array.from(document.querySelectorAll("#pocket-bottom button [data-look]"))'
                                 '.map(e => e.dataset.look)')
        check("looks: a captured pawn in White's pocket drawn as a pawn", icons == ["standard:pawn"], icons)
        fen = d.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1")
        d.find_element(By.ID, "load-fen").click()
        check("marks: a promoted queen carries a mark", wait(d, lambda: d.execute_script(
            'return Array.from(document.querySelectorAll("g.pmark")).map(e => e.dataset.at + ":" + e.dataset.mark)')
            == ["a1:promoted"], "the mark"))
        d.save_screenshot(os.path.join(ART, "marks.png"))
    finally:
        stop(p)

def lab(d):
    """The lab on the starter's page: run, its charts drawn and its report."""
    p, links = serve("chess")
    try:
        d.get(links["starter"])
        wait(d, lambda: d.find_elements(By.CSS_SELECTOR, 'rect[data-sq="h8"]'), "h8")
        check("lab: nothing said before a run", wait(d, lambda: d.execute_script(
            'return document.getElementById("lab-status").dataset.state') == "none", "the lab's state")
            and text(d, "lab-status") == "", text(d, "lab-status"))
        g = d.find_element(By.ID, "lab-games")
        g.clear()
        g.send_keys("2")
        d.find_element(By.ID, "lab-run").click()
        check("lab: the page says it runs", wait(d, lambda: "analyze chess --games 2" in text(d, "lab-status"), "running"),
              text(d, "lab-status"))
        drawn = 'return Array.from(document.querySelectorAll("#lab-charts img")).filter(i => i.complete && i.naturalWidth > 0).map(i => i.dataset.chart)'
        check("lab: its five charts are drawn", wait(d, lambda: len(d.execute_script(drawn)) == 5, "the charts", 120),
              d.execute_script(drawn))
        check("lab: its report", "2 games of chess" in text(d, "lab-report"), text(d, "lab-report")[:200])
        d.execute_script('document.getElementById("lab").scrollIntoView()')
        d.save_screenshot(os.path.join(ART, "lab.png"))
    finally:
        stop(p)


os.makedirs(ART, exist_ok=True)
start = time.time()
try:
    drv = browser()
except Exception as e:
    print("FAIL cannot start headless Chromium: %s" % str(e).splitlines()[0])
    print("0 passed, 1 failed")
    sys.exit(1)
try:
    games = (chess, duck, hexagons, holes, ambiguous, unbland, kriegspiel, looks, lab)
    only = sys.argv[1:]  # names of games: only those (while working on one)
    for game in [g for g in games if not only or g.__name__ in only]:
        try:
            game(drv)
        except Exception as e:
            check(game.__name__ + " ran to the end", False, repr(e))
finally:
    drv.quit()
print("(%.0f s; screenshots in tests/artefacts/)" % (time.time() - start))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
