// What every page shares: `parlour.api` calls the server with the page's controls disabled and a busy sign
// shown, and puts any error (JSON or not, or no answer at all) in the page's error box.
"use strict";
window.parlour = (function () {
  const $ = (id) => document.getElementById(id);
  let pending = 0;

  function showError(text) {
    const box = $("error");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
  }

  const CONTROLS = "[data-busy-disable] button, [data-busy-disable] input, [data-busy-disable] select, " +
                   "button[data-busy-disable]";
  let heldBack = [];  // the controls this busy spell disabled (not those the page had disabled itself)

  function setBusy(on, text) {
    const was = pending > 0;
    pending = Math.max(0, pending + (on ? 1 : -1));
    const busy = pending > 0;
    document.body.classList.toggle("busy", busy);
    document.body.setAttribute("aria-busy", busy ? "true" : "false");
    if (busy && !was) {
      heldBack = [...document.querySelectorAll(CONTROLS)].filter((el) => !el.disabled);
      for (const el of heldBack) el.disabled = true;
    } else if (!busy && was) {
      for (const el of heldBack) el.disabled = false;
      heldBack = [];
    }
    const sign = $("busy");
    if (sign) {
      if (text) $("busy-text").textContent = text;
      sign.hidden = !busy;
    }
  }

  // GET when body is undefined, else POST it as JSON; resolves to the parsed answer, or null after an error
  // that has been shown.
  async function api(url, body, busyText) {
    setBusy(true, busyText || "working…");
    try {
      const init = body === undefined ? {} : {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      };
      let reply;
      try {
        reply = await fetch(url, init);
      } catch (err) {
        showError("the server did not answer (" + err + ")");
        return null;
      }
      const text = await reply.text();
      let data = null;
      try { data = JSON.parse(text); } catch (_) { data = null; }
      if (!reply.ok) {
        const said = data && typeof data.error === "string" ? data.error : text.slice(0, 200);
        showError("error " + reply.status + ": " + (said || reply.statusText));
        return null;
      }
      if (data === null) {
        showError("the server's answer was not JSON");
        return null;
      }
      showError("");
      return data;
    } finally {
      setBusy(false);
    }
  }

  // Poll GET /jobs/{key} until the job is done (resolves true) or failed (shows its error, resolves false),
  // with its progress in the busy sign.
  async function wait(key, everyMs) {
    setBusy(true, "working…");
    try {
      for (;;) {
        let job;
        try {
          const reply = await fetch("/jobs/" + encodeURIComponent(key));
          job = await reply.json();
          if (!reply.ok) { showError(job.error || "the job was lost"); return false; }
        } catch (err) {
          showError("the server did not answer (" + err + ")");
          return false;
        }
        $("busy-text").textContent = job.message + " (" + Math.round(100 * job.done) + " %)";
        if (job.state === "done") return true;
        if (job.state === "failed") { showError(job.error || "the computation failed"); return false; }
        await new Promise((r) => setTimeout(r, everyMs || 300));
      }
    } finally {
      setBusy(false);
    }
  }

  function pct(x, digits) {
    return (100 * x).toFixed(digits === undefined ? 2 : digits) + " %";
  }

  return { api, wait, showError, setBusy, pct, $ };
})();
