// The game log: one line of text per event, as the replay's audience saw it.

/** A line describing `event`, or `null` for events not worth a line. */
export function describe(event, names) {
  const zh = names.lang !== "en";
  const seat = (s) => names.seat(s);
  const seats = (list) => (list ?? []).map(seat).join(zh ? "、" : ", ");
  switch (event.type) {
    case "game_started":
      return zh
        ? `游戏开始：${event.seats}人局，主公是${seat(event.lord)}`
        : `The game starts: ${event.seats} seats, the lord is ${seat(event.lord)}`;
    case "role_dealt":
    case "role_shown":
      return zh
        ? `${seat(event.seat)}的身份是${names.role(event.role)}`
        : `${seat(event.seat)} is the ${names.role(event.role)}`;
    case "bid":
      if (!event.bid) return zh ? `${seat(event.seat)}不叫` : `${seat(event.seat)} passes the bid`;
      return zh ? `${seat(event.seat)}叫${event.bid}分` : `${seat(event.seat)} bids ${event.bid}`;
    case "general_shown":
      return zh
        ? `${seat(event.seat)}的武将是${names.general(event.general)}（${event.hp}/${event.max_hp}）`
        : `${seat(event.seat)} plays ${names.general(event.general)} (${event.hp}/${event.max_hp})`;
    case "kingdom_chosen": {
      const k = { wei: ["魏", "Wei"], shu: ["蜀", "Shu"], wu: ["吴", "Wu"], qun: ["群", "Qun"] }[event.kingdom] ?? [event.kingdom, event.kingdom];
      return zh ? `${seat(event.seat)}的势力为${k[0]}` : `${seat(event.seat)} plays for ${k[1]}`;
    }
    case "turn_started":
      return zh ? `—— ${seat(event.seat)}的回合 ——` : `—— ${seat(event.seat)}'s turn ——`;
    case "phase_started":
      return null;
    case "phase_skipped":
      return zh
        ? `${seat(event.seat)}跳过${names.phase(event.phase)}`
        : `${seat(event.seat)} skips the ${names.phase(event.phase)}`;
    case "turn_ended":
      return null;
    case "cards_moved": {
      const cards = event.cards.map((c) => names.card(c)).join(zh ? "、" : ", ");
      const from = [...new Set(event.from.map((z) => names.zone(z)))].join(zh ? "、" : ", ");
      const to = names.zone(event.to);
      return zh ? `${cards}：${from} → ${to}` : `${cards}: ${from} → ${to}`;
    }
    case "card_used": {
      const targets = event.targets?.length ? (zh ? `，目标${seats(event.targets)}` : ` on ${seats(event.targets)}`) : "";
      return zh
        ? `${seat(event.seat)}使用了${names.used(event.card)}${targets}`
        : `${seat(event.seat)} uses ${names.used(event.card)}${targets}`;
    }
    case "card_played":
      return zh
        ? `${seat(event.seat)}打出了${names.used(event.card)}`
        : `${seat(event.seat)} plays ${names.used(event.card)}`;
    case "skill_invoked": {
      const targets = event.targets?.length ? (zh ? `，目标${seats(event.targets)}` : ` on ${seats(event.targets)}`) : "";
      return zh
        ? `${seat(event.seat)}发动了【${names.skill(event.skill)}】${targets}`
        : `${seat(event.seat)} invokes ${names.skill(event.skill)}${targets}`;
    }
    case "suit_named":
      return zh
        ? `${seat(event.seat)}选择了${names.suit(event.suit)}`
        : `${seat(event.seat)} names ${names.suit(event.suit)}`;
    case "effect_cancelled":
      return zh
        ? `${names.kind(event.card)}对${seat(event.target)}的效果被抵消`
        : `${names.kind(event.card)} is cancelled for ${seat(event.target)}`;
    case "judged":
      return zh
        ? `${seat(event.seat)}的${names.cause(event.cause)}判定结果：${names.card(event.card)}`
        : `${seat(event.seat)}'s judgment for ${names.cause(event.cause)}: ${names.card(event.card)}`;
    case "damaged": {
      const source = event.source == null ? "" : seat(event.source);
      const nature = names.nature(event.nature);
      return zh
        ? `${source ? source + "对" : ""}${seat(event.target)}造成${event.amount}点${nature}伤害（体力${event.hp}）`
        : `${seat(event.target)} takes ${event.amount} ${nature}damage${source ? " from " + source : ""} (HP ${event.hp})`;
    }
    case "hp_lost":
      return zh
        ? `${seat(event.seat)}失去${event.amount}点体力（体力${event.hp}）`
        : `${seat(event.seat)} loses ${event.amount} HP (HP ${event.hp})`;
    case "recovered":
      return zh
        ? `${seat(event.seat)}回复${event.amount}点体力（体力${event.hp}）`
        : `${seat(event.seat)} recovers ${event.amount} HP (HP ${event.hp})`;
    case "dying":
      return zh ? `${seat(event.seat)}进入濒死状态` : `${seat(event.seat)} is dying`;
    case "died": {
      const killer = event.killer == null ? "" : (zh ? `，凶手${seat(event.killer)}` : `, killed by ${seat(event.killer)}`);
      return zh
        ? `${seat(event.seat)}阵亡，身份是${names.role(event.role)}${killer}`
        : `${seat(event.seat)} dies: the ${names.role(event.role)}${killer}`;
    }
    case "deck_reshuffled":
      return zh ? `弃牌堆洗入牌堆（${event.count}张）` : `The discard pile is shuffled into the deck (${event.count} cards)`;
    case "game_over":
      return zh ? `游戏结束：${names.outcome(event.outcome)}` : `Game over: ${names.outcome(event.outcome)}`;
    default:
      return event.type;
  }
}

/** An action as taken (shown to its own seat, and to everyone with all cards open). */
export function describeAction(action, names) {
  const zh = names.lang !== "en";
  const cards = (list) => (list ?? []).map((id) => names.card(id)).join(zh ? "、" : ", ");
  const seats = (list) => (list ?? []).map((s) => names.seat(s)).join(zh ? "、" : ", ");
  const on = (targets) => (targets?.length ? (zh ? ` → ${seats(targets)}` : ` → ${seats(targets)}`) : "");
  switch (action.type) {
    case "pass":
      return zh ? "不出 / 结束" : "pass";
    case "card":
      return `${action.skill ? names.skill(action.skill) + ": " : ""}${cards(action.cards)}${on(action.targets)}`;
    case "skill":
      return `${names.skill(action.skill)}${action.cards?.length ? " " + cards(action.cards) : ""}${on(action.targets)}`;
    case "cards":
      return cards(action.cards);
    case "pick":
      return action.pick.from === "card"
        ? names.card(action.pick.card)
        : (zh ? `第${action.pick.index + 1}张手牌` : `hand card #${action.pick.index + 1}`);
    case "option":
      return zh ? `选项${action.index + 1}` : `option ${action.index + 1}`;
    case "seats":
      return seats(action.seats);
    case "arrange":
      return `${cards(action.top)} | ${cards(action.bottom)}`;
    default:
      return action.type;
  }
}
