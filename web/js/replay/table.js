// The table at one step of a replay: every seat (general, HP, role, hand, equipment, judgment
// area) around the piles, as the chosen audience saw it. Built with DOM nodes and textContent
// only: player names come from users.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child == null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardChip(id, names) {
  return el("span", {
    class: `card${names.isRed(id) ? " red" : ""}${id == null ? " down" : ""}`,
    text: names.card(id),
  });
}

function seatBox(seat, view, names) {
  const classes = ["seat"];
  if (!seat.alive) classes.push("dead");
  if (view.current === seat.seat) classes.push("current");
  if (view.viewer === seat.seat) classes.push("viewer");
  const asked = view.waiting.filter((w) => w.seat === seat.seat).map((w) => names.prompt(w.kind));
  if (asked.length) classes.push("asked");
  const hp = `${"●".repeat(Math.max(0, seat.hp))}${"○".repeat(Math.max(0, seat.max_hp - Math.max(0, seat.hp)))}`;
  const role = seat.role ? names.role(seat.role) : "?";
  const hand = seat.hand
    ? el("div", { class: "zone" }, el("span", { class: "label", text: `${names.lang === "en" ? "Hand" : "手牌"} ${seat.hand_count}` }), seat.hand.map((id) => cardChip(id, names)))
    : el("div", { class: "zone" }, el("span", { class: "label", text: `${names.lang === "en" ? "Hand" : "手牌"} ${seat.hand_count}` }));
  return el(
    "div",
    { class: classes.join(" "), "data-seat": seat.seat },
    el(
      "div",
      { class: "head" },
      el("span", { class: "who", text: names.seat(seat.seat) }),
      el("span", { class: `role role-${seat.role ?? "unknown"}`, text: role }),
    ),
    el(
      "div",
      { class: "general" },
      el("span", { class: `kingdom k-${seat.kingdom}`, text: names.kingdom(seat.kingdom) }),
      el("span", { text: names.general(seat.general) }),
      el("span", { class: "hp", title: `${seat.hp}/${seat.max_hp}`, text: hp }),
    ),
    hand,
    seat.equip.length
      ? el("div", { class: "zone" }, el("span", { class: "label", text: "⚔" }), seat.equip.map((id) => cardChip(id, names)))
      : null,
    seat.judge.length
      ? el("div", { class: "zone" }, el("span", { class: "label", text: "⚖" }), seat.judge.map(([id, kind]) =>
          el("span", { class: "card", text: `${names.kind(kind)} (${names.card(id)})` })))
      : null,
    asked.length ? el("div", { class: "asked-line", text: `${names.lang === "en" ? "Asked" : "等待"}: ${asked.join(", ")}` }) : null,
  );
}

/** The table of `view`. */
export function renderTable(view, names) {
  const zh = names.lang !== "en";
  const discard = view.discard_pile.slice(-6);
  const middle = el(
    "div",
    { class: "middle" },
    el(
      "div",
      { class: "turn" },
      zh
        ? `第${view.turn_number}回合 · ${names.seat(view.current)} · ${names.phase(view.phase)}`
        : `Turn ${view.turn_number} · ${names.seat(view.current)} · ${names.phase(view.phase)}`,
    ),
    el("div", { class: "pile" }, el("span", { class: "label", text: zh ? `牌堆 ${view.draw_pile}` : `Draw pile ${view.draw_pile}` })),
    el(
      "div",
      { class: "pile" },
      el("span", { class: "label", text: zh ? `弃牌堆 ${view.discard_pile.length}` : `Discard ${view.discard_pile.length}` }),
      discard.map((id) => cardChip(id, names)),
    ),
    view.processing.length
      ? el("div", { class: "pile" }, el("span", { class: "label", text: zh ? "处理区" : "Processing" }), view.processing.map((id) => cardChip(id, names)))
      : null,
    view.outcome ? el("div", { class: "outcome", text: names.outcome(view.outcome) }) : null,
  );
  return el("div", { class: "table" }, view.seats.map((seat) => seatBox(seat, view, names)), middle);
}
