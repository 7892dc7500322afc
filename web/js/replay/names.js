// Names for what the engine sends as ids: cards (by CardId, through the catalog), card kinds,
// generals, skills, roles, phases, zones. Chinese or English.

const SUITS = { spade: "♠", heart: "♥", club: "♣", diamond: "♦" };
const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };

const WORDS = {
  zh: {
    role: { lord: "主公", loyalist: "忠臣", rebel: "反贼", renegade: "内奸" },
    side: { lord: "主公与忠臣", rebels: "反贼", renegade: "内奸", landlord: "地主", farmers: "农民", loyalists: "忠臣" },
    modeSide: { "2v2": { loyalists: "甲队（一、四号位）", rebels: "乙队（二、三号位）" } },
    modeRole: { doudizhu: { lord: "地主", rebel: "农民" }, "2v2": { loyalist: "甲队", rebel: "乙队" } },
    phase: {
      start: "准备阶段", judge: "判定阶段", draw: "摸牌阶段",
      play: "出牌阶段", discard: "弃牌阶段", finish: "结束阶段",
    },
    kingdom: { wei: "魏", shu: "蜀", wu: "吴", qun: "群", none: "" },
    zone: {
      draw_pile: "牌堆", discard_pile: "弃牌堆", processing: "处理区",
      hand: "手牌", equip: "装备区", judge: "判定区", out: "游戏外",
    },
    nature: { normal: "", fire: "火焰", thunder: "雷电" },
    prompt: {
      play: "出牌", respond: "响应", save: "求桃", nullify: "无懈可击", discard: "弃牌",
      pick_card: "选牌", choose: "选择", choose_suit: "选花色", confirm: "发动技能",
      pool: "选牌", arrange: "观星", order_skills: "技能顺序", choose_general: "选将",
    },
    seat: (n) => `${n}号位`,
    faceDown: "暗置牌",
    draw: "平局",
    ui: {
      title: "三国杀 · 对局回放", play_link: "返回游戏", finished: "已结束的对局", refresh: "刷新",
      older: "更早的对局", view_as: "视角", everyone: "全部（明牌）", spectator: "旁观者",
      first: "开头（Home）", prev_turn: "上一回合（PgUp）", prev: "后退（←）", play: "播放",
      pause: "暂停", play_title: "播放 / 暂停（空格）", next: "前进（→）",
      next_turn: "下一回合（PgDn）", last: "结尾（End）", turn_back: "« 回合", turn_on: "回合 »",
      step: "步", log: "对局记录", loading: "加载中…", choose: "请选择一局已结束的对局。",
      no_games: "还没有已结束的对局。", cannot_list: "无法列出对局：{error}",
      cannot_catalog: "无法加载目录：{error}", loading_game: "正在加载第 {id} 局…",
      game: "第 {id} 局 · {actions} 步 · {outcome}", cannot_replay: "无法回放第 {id} 局：{error}（{code}）",
      deal: "发牌", players: "{n}人",
      series: "计分赛第 {k}/{n} 局 · 本局得分 {points} · 累计 {totals}",
    },
  },
  en: {
    role: { lord: "Lord", loyalist: "Loyalist", rebel: "Rebel", renegade: "Renegade" },
    side: { lord: "the Lord's side", rebels: "the Rebels", renegade: "the Renegade", landlord: "the Landlord", farmers: "the Farmers", loyalists: "the Loyalists" },
    modeSide: { "2v2": { loyalists: "Team A (seats 1 and 4)", rebels: "Team B (seats 2 and 3)" } },
    modeRole: { doudizhu: { lord: "Landlord", rebel: "Farmer" }, "2v2": { loyalist: "Team A", rebel: "Team B" } },
    phase: {
      start: "start phase", judge: "judgment phase", draw: "draw phase",
      play: "play phase", discard: "discard phase", finish: "finish phase",
    },
    kingdom: { wei: "Wei", shu: "Shu", wu: "Wu", qun: "Qun", none: "" },
    zone: {
      draw_pile: "draw pile", discard_pile: "discard pile", processing: "processing area",
      hand: "hand", equip: "equipment", judge: "judgment area", out: "out of the game",
    },
    nature: { normal: "", fire: "fire ", thunder: "thunder " },
    prompt: {
      play: "play", respond: "respond", save: "save", nullify: "nullify", discard: "discard",
      pick_card: "pick a card", choose: "choose", choose_suit: "name a suit", confirm: "invoke?",
      pool: "take a card", arrange: "arrange", order_skills: "order skills",
      choose_general: "choose a general",
    },
    seat: (n) => `seat ${n}`,
    faceDown: "a face-down card",
    draw: "a draw",
    ui: {
      title: "Sanguosha · Replays", play_link: "Back to the game", finished: "Finished games",
      refresh: "Refresh", older: "Older games", view_as: "View as", everyone: "Everyone (all cards open)",
      spectator: "Spectator", first: "Start (Home)", prev_turn: "Previous turn (PgUp)", prev: "Back (←)",
      play: "Play", pause: "Pause", play_title: "Play / pause (Space)", next: "Forward (→)",
      next_turn: "Next turn (PgDn)", last: "End (End)", turn_back: "« turn", turn_on: "turn »",
      step: "Step", log: "Game log", loading: "Loading…", choose: "Choose a finished game.",
      no_games: "No finished games yet.", cannot_list: "Cannot list games: {error}",
      cannot_catalog: "Cannot load the catalog: {error}", loading_game: "Loading game #{id}…",
      game: "Game #{id} · {actions} actions · {outcome}", cannot_replay: "Cannot replay game #{id}: {error} ({code})",
      deal: "Deal", players: "{n}p",
      series: "Scoring league game {k} of {n} · points {points} · totals {totals}",
    },
  },
};

export class Names {
  constructor(catalog, lang = "zh") {
    this.catalog = catalog;
    this.deck = [];
    this.lang = lang;
    this.kinds = new Map(catalog.card_kinds.map((k) => [k.kind, k]));
    this.skills = new Map(catalog.skills.map((s) => [s.id, s]));
    this.generals = new Map(catalog.generals.map((g) => [g.id, g]));
    /** Player names by seat, for the game being shown. */
    this.players = [];
  }

  get words() {
    return WORDS[this.lang] ?? WORDS.zh;
  }

  pick(entry, fallback) {
    if (!entry) return fallback;
    return this.lang === "en" ? entry.name_en : entry.name_zh;
  }

  kind(kind) {
    return this.pick(this.kinds.get(kind), kind);
  }

  skill(id) {
    return this.pick(this.skills.get(id), id);
  }

  general(id) {
    return this.pick(this.generals.get(id), id);
  }

  suit(suit) {
    return SUITS[suit] ?? "";
  }

  rank(rank) {
    return rank == null ? "" : (RANKS[rank] ?? String(rank));
  }

  /** The card table of the game being replayed (the replay's `deck`). */
  setDeck(deck) {
    this.deck = deck ?? [];
  }

  /** A physical card by id: "杀 ♠7"; `null` = face down. */
  card(id) {
    if (id == null) return this.words.faceDown;
    const face = this.deck[id];
    if (!face) return `#${id}`;
    return `${this.kind(face.kind)} ${this.suit(face.suit)}${this.rank(face.rank)}`;
  }

  /** The red suits, for colouring. */
  isRed(id) {
    const face = id == null ? null : this.deck[id];
    return face != null && (face.suit === "heart" || face.suit === "diamond");
  }

  /** A card as used (`UsedCard`): its kind, and the cards or skill that make it. */
  used(card) {
    const ids = card.cards ?? [];
    if (!card.skill && ids.length === 1 && this.deck[ids[0]]?.kind === card.kind) {
      return this.card(ids[0]); // a card used as itself
    }
    let text = this.kind(card.kind);
    const parts = (card.cards ?? []).map((id) => this.card(id));
    if (card.skill) parts.unshift(this.skill(card.skill));
    if (parts.length) text += ` (${parts.join(", ")})`;
    return text;
  }

  /** An interface string with `{name}` parameters filled in. */
  ui(key, params = {}) {
    let text = this.words.ui[key] ?? WORDS.zh.ui[key] ?? key;
    for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
    return text;
  }

  /** A seat as the game numbers it: from 1. */
  seatLabel(seat) {
    return this.words.seat(seat + 1);
  }

  seat(seat) {
    const player = this.players[seat];
    const label = this.seatLabel(seat);
    return player ? `${label} ${player}` : label;
  }

  role(role) {
    return this.words.modeRole[this.mode]?.[role] ?? this.words.role[role] ?? role ?? "?";
  }

  phase(phase) {
    return this.words.phase[phase] ?? phase ?? "";
  }

  kingdom(kingdom) {
    return this.words.kingdom[kingdom] ?? kingdom ?? "";
  }

  zone(zone) {
    const name = this.words.zone[zone.zone] ?? zone.zone;
    return zone.seat == null ? name : `${this.seat(zone.seat)} ${name}`;
  }

  nature(nature) {
    return this.words.nature[nature] ?? "";
  }

  cause(cause) {
    if (!cause) return "";
    switch (cause.by) {
      case "card": return this.kind(cause.id);
      case "skill": return this.skill(cause.id);
      case "phase": return this.phase(cause.id);
      default: return this.seat(cause.id);
    }
  }

  /** A prompt kind (`{kind: "respond", card: "jink", …}`). */
  prompt(kind) {
    const name = this.words.prompt[kind.kind] ?? kind.kind;
    const card = kind.card ?? kind.trick;
    return card ? `${name} ${this.kind(card)}` : name;
  }

  outcome(outcome) {
    if (!outcome) return "";
    if (!outcome.winner) return this.words.draw;
    const side = this.words.modeSide[this.mode]?.[outcome.winner] ?? this.words.side[outcome.winner] ?? outcome.winner;
    return this.lang === "en" ? `${side} win` : `${side}获胜`;
  }
}
