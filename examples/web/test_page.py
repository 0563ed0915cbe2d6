#!/usr/bin/python3
"""Drives the browser front end (examples/web) in headless Chromium.

    /usr/bin/python3 examples/web/test_page.py MODULE-DIR

Serves examples/web, with wargame_module.js and wargame_module.wasm taken from MODULE-DIR (the
`web` directory of a WebAssembly build), from a static server on 127.0.0.1 (a free port), opens
the page in headless Chromium through chromedriver (Debian: chromium, chromium-driver,
python3-selenium) and checks what it shows: a game is started, several moves are played by
clicking option buttons (the decision and step change, the event log grows, the board is an SVG
with elements), undo is refused with its reason before any decision of one's own and works or
is refused with a reason after one, a save in the browser and a downloaded save load back to the
saved step, and bad input (an odds request that does not parse, a file that is no save) is shown
as an error in the page, and so is a module that is missing.  Exits 0 when every check passes, 1 otherwise (never "skipped").
"""

import functools
import http.server
import os
import re
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE_FILES = ("wargame_module.js", "wargame_module.wasm")


class Handler(http.server.SimpleHTTPRequestHandler):
    """examples/web, plus the module files from the build directory."""

    module_dir = None
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript"})

    def translate_path(self, path):
        name = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if name in MODULE_FILES:
            return os.path.join(self.module_dir, name)
        return super().translate_path(path)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet
        pass


class Check:
    def __init__(self):
        self.failures = 0

    def __call__(self, cond, what):
        print(("ok   " if cond else "FAIL ") + what, flush=True)
        if not cond:
            self.failures += 1
        return cond


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    module_dir = os.path.abspath(argv[1])
    for f in MODULE_FILES:
        if not os.path.exists(os.path.join(module_dir, f)):
            print("test_page: %s is missing (build the WebAssembly module)" % os.path.join(module_dir, f))
            return 1
    Handler.module_dir = module_dir
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=HERE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/index.html" % server.server_address[1]
    downloads = tempfile.mkdtemp(prefix="wg-web-dl-")

    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--window-size=1400,1000"):
        opts.add_argument(a)
    if os.path.exists("/usr/bin/chromium"):
        opts.binary_location = "/usr/bin/chromium"
    opts.add_experimental_option("prefs", {"download.default_directory": downloads,
                                           "download.prompt_for_download": False})
    service = Service("/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else Service()
    driver = webdriver.Chrome(service=service, options=opts)
    check = Check()
    try:
        run(driver, url, downloads, check)
    except Exception as e:  # noqa: BLE001 - any failure is reported with the page's state
        check(False, "unexpected %s: %s" % (type(e).__name__, e))
        try:
            print("page error box: %r" % driver.find_element(By.ID, "error").text)
            print("page message: %r" % driver.find_element(By.ID, "message").text)
        except Exception:  # noqa: BLE001
            pass
    finally:
        driver.quit()
        server.shutdown()
    print("test_page: %s" % ("all checks passed" if check.failures == 0 else "%d check(s) failed" % check.failures))
    return 0 if check.failures == 0 else 1


def run(driver, url, downloads, check):
    wait = WebDriverWait(driver, 60)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    ready = driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
    if not check(ready == "1", "the page loaded the WebAssembly module (%s)" % text(driver, "error")):
        return
    check("WebAssembly" in text(driver, "version"), "the version is shown: %r" % text(driver, "version"))
    check(not error_shown(driver), "no error on load")
    rulesets = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#ruleset option")]
    check(len(rulesets) >= 1, "rulesets listed: %s" % rulesets)

    ruleset = "lga" if "lga" in rulesets else rulesets[0]
    Select(driver.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    scenarios = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#scenario option")]
    sides = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#side option")]
    check(len(scenarios) >= 1 and len(sides) >= 2, "%s: scenarios %s, sides %s" % (ruleset, scenarios, sides))
    click(driver, "new-game")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options button.option"))
    check(not error_shown(driver), "a new game starts without error")
    check("you play" in text(driver, "status"), "status: %r" % text(driver, "status"))

    # undo before any decision of one's own: refused, with the reason, in the page
    click(driver, "undo")
    check(error_shown(driver) and "Undo refused" in text(driver, "error") and len(text(driver, "error")) > 20,
          "undo before a decision of one's own is refused in the page: %r" % text(driver, "error"))

    # the board: an SVG with elements
    n_svg = len(driver.find_elements(By.CSS_SELECTOR, "#board svg"))
    n_el = len(driver.find_elements(By.CSS_SELECTOR, "#board svg *"))
    check(n_svg == 1 and n_el >= 1, "the board is one SVG with %d element(s)" % n_el)

    # several moves by clicking option buttons
    log0 = log_len(driver)
    decisions = [text(driver, "decision")]
    statuses = [text(driver, "status")]
    moves = 0
    for _ in range(6):
        buttons = driver.find_elements(By.CSS_SELECTOR, "#options button.option")
        if not buttons:
            break
        before = text(driver, "status")
        buttons[0].click()
        wait.until(lambda d, b=before: text(d, "status") != b or error_shown(d))
        if not check(not error_shown(driver), "move %d: %r" % (moves + 1, text(driver, "status"))):
            break
        moves += 1
        decisions.append(text(driver, "decision"))
        statuses.append(text(driver, "status"))
    check(moves >= 5, "%d moves played by clicking" % moves)
    check(len(set(statuses)) == len(statuses), "the status changed at every move")
    check(len(set(decisions)) >= 2, "the decision text changed: %s" % sorted(set(decisions))[:3])
    log1 = log_len(driver)
    check(log1 > log0, "the event log grew from %d to %d entries" % (log0, log1))
    check(len(driver.find_elements(By.CSS_SELECTOR, "#board svg *")) >= 1, "the board is still drawn")

    # undo after a decision of one's own: done (the step goes back) or refused with a reason
    step_before = step_of(driver)
    click(driver, "undo")
    if error_shown(driver):
        check("Undo refused" in text(driver, "error") and len(text(driver, "error")) > 20,
              "undo refused with a reason: %r" % text(driver, "error"))
    else:
        check(step_of(driver) < step_before and "Took back" in text(driver, "message"),
              "undo took back a decision: step %d -> %d" % (step_before, step_of(driver)))
        check(driver.find_elements(By.CSS_SELECTOR, "#options button.option"), "the options are shown after undo")

    # save in the browser, play on, load: back at the saved step
    saved_step = step_of(driver)
    click(driver, "save-local")
    check(not error_shown(driver) and "Saved" in text(driver, "message"), "saved in the browser")
    play_one(driver, wait)
    check(step_of(driver) > saved_step, "played on after the save")
    click(driver, "load-local")
    check(not error_shown(driver) and step_of(driver) == saved_step,
          "loaded from the browser at step %d (saved at %d)" % (step_of(driver), saved_step))

    # a downloaded save loads back through the file input
    click(driver, "save")
    path = None
    deadline = time.time() + 20
    while time.time() < deadline and path is None:
        done = [f for f in os.listdir(downloads) if f.endswith(".wgs")]
        path = os.path.join(downloads, done[0]) if done else None
        time.sleep(0.2)
    if check(path is not None, "the save was downloaded (%s)" % (path and os.path.basename(path))):
        play_one(driver, wait)
        driver.find_element(By.ID, "load-file").send_keys(path)
        wait.until(lambda d: "Loaded" in text(d, "message") or error_shown(d))
        check(not error_shown(driver) and step_of(driver) == saved_step,
              "the downloaded save loaded at step %d" % step_of(driver))

    # bad input is shown in the page
    box = driver.find_element(By.ID, "odds-action")
    box.clear()
    box.send_keys("no-such-verb x=1")
    click(driver, "odds-go")
    check(error_shown(driver) and "WG_" in text(driver, "error"),
          "a bad odds request is an error in the page: %r" % text(driver, "error"))
    bad = os.path.join(downloads, "not-a-save.wgs")
    with open(bad, "wb") as fh:
        fh.write(b"this is not a saved game\n")
    driver.find_element(By.ID, "load-file").send_keys(bad)
    wait.until(lambda d: error_shown(d))
    check("WG_" in text(driver, "error"), "a file that is no save is an error in the page: %r" % text(driver, "error"))
    check(driver.find_elements(By.CSS_SELECTOR, "#options button.option") and step_of(driver) == saved_step,
          "the game in play is kept after the failed load")

    # every ruleset: a new game shows a board, a decision and options or a result, and a first
    # option taken by a click plays on (or is refused in the page)
    for r in rulesets:
        Select(driver.find_element(By.ID, "ruleset")).select_by_value(r)
        click(driver, "new-game")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options button") or text(d, "result")
                   or error_shown(d))
        ok = not error_shown(driver) and len(driver.find_elements(By.CSS_SELECTOR, "#board svg *")) >= 1
        check(ok, "%s: a new game is shown (%r; %s)" % (r, text(driver, "status"), text(driver, "error")))
        if ok and driver.find_elements(By.CSS_SELECTOR, "#options button.option"):
            before = step_of(driver)
            play_one(driver, wait)
            check(step_of(driver) > before or (error_shown(driver) and "WG_" in text(driver, "error")),
                  "%s: a click on the first option plays on (step %d -> %d) or says why not: %r"
                  % (r, before, step_of(driver), text(driver, "error")))

    # the page never went blank and logged no uncaught error
    check(len(driver.find_elements(By.CSS_SELECTOR, "#board svg")) == 1, "the board is shown at the end")
    try:
        severe = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    except Exception:  # noqa: BLE001 - not every driver keeps the console
        severe = []
    check(not severe, "no severe console message: %s" % severe[:3])

    # without the module the page says so (it is not left blank)
    Handler.module_dir = tempfile.mkdtemp(prefix="wg-web-empty-")
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    check(driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "error" and error_shown(driver)
          and "could not start" in text(driver, "error"),
          "a page without its module shows why: %r" % text(driver, "error"))


def play_one(driver, wait):
    before = text(driver, "status")
    driver.find_elements(By.CSS_SELECTOR, "#options button.option")[0].click()
    try:
        wait.until(lambda d: text(d, "status") != before or error_shown(d))
    except TimeoutException:
        pass


def click(driver, ident):
    driver.find_element(By.ID, ident).click()


def text(driver, ident):
    return driver.find_element(By.ID, ident).text


def error_shown(driver):
    box = driver.find_element(By.ID, "error")
    return box.is_displayed() and bool(box.text.strip())


def log_len(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#log li"))


def step_of(driver):
    m = re.search(r"step (\d+)", text(driver, "status"))
    return int(m.group(1)) if m else -1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
