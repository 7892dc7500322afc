// i18n.js — the interface's words in Chinese (default) and English, and the language switch.

const zh = {
  title: '三国杀', connecting: '正在连接…', connected: '已连接', disconnected: '连接已断开，正在重连…',
  nickname: '昵称', save: '保存', rooms: '房间列表', no_rooms: '暂无公开房间',
  create_room: '创建房间', room_name: '房间名', seats: '座位数', generals: '武将',
  generals_none: '白板（无武将）', mode: '模式', card_packs: '卡牌', general_packs: '武将包',
  edition: '文本版本', generals_none_hint: '不选武将包：全员白板（无技能）',
  decision_timeout: '响应时限（秒）', play_timeout: '出牌时限（秒）', server_default: '默认',
  private: '私密房间', password: '密码', allow_spectators: '允许旁观', fill_bots: '空位由电脑补齐',
  scenario: '残局（JSON，可选）', advanced: '更多选项', create: '创建',
  join_by_code: '通过邀请码加入', room_id: '房间号', invite_code: '邀请码', join: '加入',
  spectate: '旁观', password_needed: '此房间需要密码', cancel: '取消', ok: '确定',
  state_waiting: '等待中', state_playing: '游戏中', state_finished: '已结束',
  practice: '残局', has_password: '有密码', spectators: '旁观者', host: '房主', bot: '电脑',
  empty_seat: '空位', add_bot: '添加电脑', remove_bot: '移除电脑', kick: '踢出', sit_here: '坐这里',
  start: '开始游戏', leave: '离开房间', invite_link: '邀请链接', copy: '复制', you: '你',
  waiting_room: '等待开始', seat_n: '{n}号位', hand: '手牌', equip: '装备', judge: '判定',
  draw_pile: '牌堆', discard_pile: '弃牌堆', turn: '第{n}回合', current: '{name}的回合',
  confirm: '确定', pass: '放弃', end_play: '结束出牌', cancel_sel: '取消选择', yes: '是', no: '否',
  trusteeship: '托管', trusteeship_off: '取消托管', offline: '离线', dead: '阵亡',
  log: '战报', chat: '聊天', send: '发送', say: '说点什么…',
  game_over: '游戏结束', winner_lord: '主公和忠臣获胜', winner_rebels: '反贼获胜',
  winner_renegade: '内奸获胜', winner_none: '平局', won: '胜', lost: '负', rematch: '再来一局',
  wait_rematch: '等待房主开始新一局', back_lobby: '返回大厅', role: '身份', general: '武将',
  player: '玩家', spectating: '旁观中', thinking: '思考中', asked: '正在询问', seconds: '{n}秒',
  top: '牌堆顶（从上到下）', bottom: '牌堆底（从上到下）', move_up: '上移', move_down: '下移', to_other: '移到另一侧',
  hand_cards: '手牌区', equip_area: '装备区', judge_area: '判定区', other_cards: '其他',
  face_down: '背面', skills: '技能', language: 'English', replays: '录像', option_n: '选项{n}', choose_seats: '选择角色',
  unknown_prompt: '请选择', error: '错误', room: '房间', players: '玩家', members: '成员',
  lobby: '大厅', not_your_turn: '请等待', phase: '阶段', remaining: '还需{n}张',
  // prompt titles
  p_play: '出牌阶段，请选择要使用的牌或技能',
  p_respond: '请{verb}一张【{card}】',
  p_respond_cause: '{cause}：请{verb}一张【{card}】',
  p_save: '{name}濒死，是否对其使用【桃】？',
  p_nullify: '是否对{target}的【{trick}】使用【无懈可击】？',
  p_nullify_none: '是否对【{trick}】使用【无懈可击】？',
  p_nullify_counter: '是否使用【无懈可击】抵消【无懈可击】？',
  p_discard: '弃牌阶段：请弃置{n}张牌',
  p_pick: '{cause}：选择{name}的一张牌',
  p_choose: '{cause}：请选择',
  p_confirm: '是否发动【{skill}】？',
  p_pool: '五谷丰登：选择一张牌',
  p_arrange: '观星：将牌置于牌堆顶或牌堆底',
  p_choose_suit: '{cause}：请选择一种花色',
  p_order_skills: '多个技能同时发动，请选择先发动的技能',
  p_choose_general: '请选择你的武将',
  l_suit_named: '{name}选择了{suit}',
  suit_spade: '黑桃', suit_heart: '红桃', suit_club: '梅花', suit_diamond: '方块',
  verb_use_or_play: '使用或打出',
  // log
  l_game_started: '游戏开始：{n}名角色，{lord}是主公',
  l_role: '{name}的身份是【{role}】',
  l_general: '{seat}选择了武将{general}',
  l_turn: '—— {name}的回合 ——',
  l_phase_skipped: '{name}跳过了{phase}',
  l_draw: '{name}摸了{n}张牌',
  l_discard: '{name}弃置了{cards}',
  l_discard_n: '{name}弃置了{n}张牌',
  l_gain: '{name}获得了{from}的{cards}',
  l_gain_n: '{name}获得了{from}的{n}张牌',
  l_gain_pile: '{name}获得了{cards}',
  l_use: '{name}对{targets}使用了{card}',
  l_use_self: '{name}使用了{card}',
  l_play: '{name}打出了{card}',
  l_as: '（{skill}）',
  l_skill: '{name}发动了【{skill}】',
  l_skill_targets: '{name}对{targets}发动了【{skill}】',
  l_cancelled: '【{card}】对{name}的效果被抵消',
  l_judged: '{name}的{cause}判定结果为{card}',
  l_damaged: '{target}受到{source}造成的{n}点{nature}伤害，体力为{hp}',
  l_damaged_nosrc: '{target}受到{n}点{nature}伤害，体力为{hp}',
  l_hp_lost: '{name}失去了{n}点体力，体力为{hp}',
  l_recovered: '{name}回复了{n}点体力，体力为{hp}',
  l_dying: '{name}进入濒死状态',
  l_died: '{name}阵亡，身份是【{role}】',
  l_killed: '{name}被{killer}杀死，身份是【{role}】',
  l_reshuffled: '弃牌堆洗入牌堆（{n}张）',
  l_over: '游戏结束：{side}',
  l_and: '、',
  l_chat: '{name}：{text}',
  nature_normal: '', nature_fire: '火焰', nature_thunder: '雷电',
  role_lord: '主公', role_loyalist: '忠臣', role_rebel: '反贼', role_renegade: '内奸',
  kingdom_wei: '魏', kingdom_shu: '蜀', kingdom_wu: '吴', kingdom_qun: '群', kingdom_none: '无',
  phase_start: '准备阶段', phase_judge: '判定阶段', phase_draw: '摸牌阶段', phase_play: '出牌阶段',
  phase_discard: '弃牌阶段', phase_finish: '结束阶段',
  cause_dying: '{name}的濒死', cause_death: '{name}的阵亡',
  compulsory: '锁定技', lord_skill: '主公技', range: '攻击范围：{n}',
  cat_basic: '基本牌', cat_trick: '锦囊牌', cat_delayed_trick: '延时锦囊', cat_equip: '装备牌',
  default_room: '{name}的房间', replaced: '已在其他页面打开，此页已断开', left_kicked: '你被房主移出了房间', left_closed: '房间已关闭',
  err_wrong_password: '密码或邀请码错误', err_no_such_room: '房间不存在', err_room_full: '房间已满',
};

const en = {
  title: 'Sanguosha', connecting: 'Connecting…', connected: 'Connected', disconnected: 'Disconnected, reconnecting…',
  nickname: 'Nickname', save: 'Save', rooms: 'Rooms', no_rooms: 'No public rooms yet',
  create_room: 'Create a room', room_name: 'Room name', seats: 'Seats', generals: 'Generals',
  generals_none: 'White (no generals)', mode: 'Mode', card_packs: 'Cards', general_packs: 'Generals',
  edition: 'Text edition', generals_none_hint: 'No general pack: everyone plays a white general (no skills)',
  decision_timeout: 'Response time (s)', play_timeout: 'Play time (s)', server_default: 'default',
  private: 'Private', password: 'Password', allow_spectators: 'Allow spectators', fill_bots: 'Fill empty seats with bots',
  scenario: 'Practice scenario (JSON, optional)', advanced: 'More options', create: 'Create',
  join_by_code: 'Join with an invite code', room_id: 'Room id', invite_code: 'Invite code', join: 'Join',
  spectate: 'Watch', password_needed: 'This room needs a password', cancel: 'Cancel', ok: 'OK',
  state_waiting: 'Waiting', state_playing: 'Playing', state_finished: 'Finished',
  practice: 'Practice', has_password: 'Password', spectators: 'Spectators', host: 'Host', bot: 'Bot',
  empty_seat: 'Empty', add_bot: 'Add bot', remove_bot: 'Remove bot', kick: 'Kick', sit_here: 'Sit here',
  start: 'Start game', leave: 'Leave room', invite_link: 'Invite link', copy: 'Copy', you: 'you',
  waiting_room: 'Waiting to start', seat_n: 'Seat {n}', hand: 'Hand', equip: 'Equipment', judge: 'Judgment',
  draw_pile: 'Deck', discard_pile: 'Discard', turn: 'Turn {n}', current: "{name}'s turn",
  confirm: 'Confirm', pass: 'Pass', end_play: 'End phase', cancel_sel: 'Clear', yes: 'Yes', no: 'No',
  trusteeship: 'Auto-play', trusteeship_off: 'Stop auto-play', offline: 'Offline', dead: 'Dead',
  log: 'Log', chat: 'Chat', send: 'Send', say: 'Say something…',
  game_over: 'Game over', winner_lord: 'The Lord and Loyalists win', winner_rebels: 'The Rebels win',
  winner_renegade: 'The Renegade wins', winner_none: 'Draw', won: 'Won', lost: 'Lost', rematch: 'Rematch',
  wait_rematch: 'Waiting for the host to start again', back_lobby: 'Back to lobby', role: 'Role', general: 'General',
  player: 'Player', spectating: 'Watching', thinking: 'Thinking', asked: 'Being asked', seconds: '{n}s',
  top: 'Top of the deck (top first)', bottom: 'Bottom of the deck (top first)', move_up: 'Up', move_down: 'Down', to_other: 'Move across',
  hand_cards: 'Hand', equip_area: 'Equipment', judge_area: 'Judgment area', other_cards: 'Other',
  face_down: 'Face down', skills: 'Skills', language: '中文', replays: 'Replays', option_n: 'Option {n}', choose_seats: 'Choose players',
  unknown_prompt: 'Choose', error: 'Error', room: 'Room', players: 'Players', members: 'Members',
  lobby: 'Lobby', not_your_turn: 'Please wait', phase: 'Phase', remaining: '{n} more needed',
  p_play: 'Your play phase: use a card or a skill',
  p_respond: '{verb} a [{card}]',
  p_respond_cause: '{cause}: {verb} a [{card}]',
  p_save: '{name} is dying. Use a [Peach]?',
  p_nullify: 'Use [Nullification] against [{trick}] on {target}?',
  p_nullify_none: 'Use [Nullification] against [{trick}]?',
  p_nullify_counter: 'Use [Nullification] to cancel a [Nullification]?',
  p_discard: 'Discard phase: discard {n} card(s)',
  p_pick: '{cause}: choose a card of {name}',
  p_choose: '{cause}: choose',
  p_confirm: 'Use [{skill}]?',
  p_pool: 'Bountiful Harvest: take one card',
  p_arrange: 'Astrology: put cards on top or at the bottom of the deck',
  p_choose_suit: '{cause}: name a suit',
  p_order_skills: 'Several skills trigger at once: choose which goes first',
  p_choose_general: 'Choose your general',
  l_suit_named: '{name} names {suit}',
  suit_spade: 'spades', suit_heart: 'hearts', suit_club: 'clubs', suit_diamond: 'diamonds',
  verb_use_or_play: 'Use or play',
  l_game_started: 'The game starts: {n} players, {lord} is the Lord',
  l_role: "{name}'s role is [{role}]",
  l_general: '{seat} plays {general}',
  l_turn: "—— {name}'s turn ——",
  l_phase_skipped: '{name} skips the {phase}',
  l_draw: '{name} draws {n} card(s)',
  l_discard: '{name} discards {cards}',
  l_discard_n: '{name} discards {n} card(s)',
  l_gain: '{name} takes {cards} from {from}',
  l_gain_n: '{name} takes {n} card(s) from {from}',
  l_gain_pile: '{name} takes {cards}',
  l_use: '{name} uses {card} on {targets}',
  l_use_self: '{name} uses {card}',
  l_play: '{name} plays {card}',
  l_as: ' (by {skill})',
  l_skill: '{name} uses [{skill}]',
  l_skill_targets: '{name} uses [{skill}] on {targets}',
  l_cancelled: '[{card}] on {name} is cancelled',
  l_judged: "{name}'s judgment for {cause}: {card}",
  l_damaged: '{target} takes {n} {nature}damage from {source}, HP {hp}',
  l_damaged_nosrc: '{target} takes {n} {nature}damage, HP {hp}',
  l_hp_lost: '{name} loses {n} HP, HP {hp}',
  l_recovered: '{name} recovers {n} HP, HP {hp}',
  l_dying: '{name} is dying',
  l_died: '{name} dies; role [{role}]',
  l_killed: '{name} is killed by {killer}; role [{role}]',
  l_reshuffled: 'The discard pile is shuffled into the deck ({n} cards)',
  l_over: 'Game over: {side}',
  l_and: ', ',
  l_chat: '{name}: {text}',
  nature_normal: '', nature_fire: 'fire ', nature_thunder: 'thunder ',
  role_lord: 'Lord', role_loyalist: 'Loyalist', role_rebel: 'Rebel', role_renegade: 'Renegade',
  kingdom_wei: 'Wei', kingdom_shu: 'Shu', kingdom_wu: 'Wu', kingdom_qun: 'Qun', kingdom_none: '—',
  phase_start: 'start phase', phase_judge: 'judgment phase', phase_draw: 'draw phase', phase_play: 'play phase',
  phase_discard: 'discard phase', phase_finish: 'finish phase',
  cause_dying: "{name}'s dying", cause_death: "{name}'s death",
  compulsory: 'Compulsory', lord_skill: 'Lord skill', range: 'Attack range: {n}',
  cat_basic: 'Basic', cat_trick: 'Trick', cat_delayed_trick: 'Delayed trick', cat_equip: 'Equipment',
  default_room: "{name}'s room", replaced: 'Opened in another tab; this one is disconnected', left_kicked: 'The host removed you from the room', left_closed: 'The room was closed',
  err_wrong_password: 'Wrong password or invite code', err_no_such_room: 'No such room', err_room_full: 'The room is full',
};

const STRINGS = { zh, en };

/** The current language: 'zh' (default) or 'en'. */
export let lang = (() => {
  try { return localStorage.getItem('sgs.lang') === 'en' ? 'en' : 'zh'; } catch { return 'zh'; }
})();

/** Switches the language (remembered in localStorage). */
export function setLang(next) {
  lang = next === 'en' ? 'en' : 'zh';
  try { localStorage.setItem('sgs.lang', lang); } catch { /* private mode */ }
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** The string `key` with `{name}` parameters filled in. */
export function t(key, params) {
  let text = STRINGS[lang][key] ?? STRINGS.zh[key] ?? key;
  if (params) {
    for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  }
  return text;
}

/** Whether `key` is a known string. */
export const has = (key) => key in STRINGS.zh;

/** Fills every `[data-i18n]` element's text (and `[data-i18n-placeholder]`) in `root`. */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}
