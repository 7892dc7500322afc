//! Timings and the one place that decides which triggered skills fire, in which order, and
//! which ask their owner first.
//!
//! Order: seats in seat order starting from the current seat; a seat's own skills in the order
//! it has them (general skills, then equipment). Each skill is checked again right before it
//! resolves, since an earlier one may have changed the situation.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardId, UsedCard};
use crate::def::skill::Ask;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Damage, Reply, RespondMode, Step};
use crate::seat::Seat;

/// 时机 A named timing point skills can hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// Before a phase begins, while it can still be skipped (克己).
    BeforePhase,
    /// 阶段开始时 (观星, 洛神, 闭月).
    PhaseStart,
    /// 阶段结束时.
    PhaseEnd,
    /// 摸牌阶段: the number of cards to draw is decided (英姿, 裸衣, 突袭).
    DrawCount,
    /// A card was used (集智).
    CardUsed,
    /// A seat becomes a target (流离).
    TargetChosen,
    /// A target is confirmed (雌雄双股剑, 铁骑).
    TargetConfirmed,
    /// A 杀 was cancelled by 闪 (青龙偃月刀, 贯石斧).
    SlashDodged,
    /// 造成伤害时 (寒冰剑, 麒麟弓, 裸衣).
    DealingDamage,
    /// 受到伤害时.
    TakingDamage,
    /// 造成伤害后.
    DamageDealt,
    /// 受到伤害后 (奸雄, 反馈, 刚烈, 遗计).
    DamageTaken,
    /// Cards left a seat's equipment, or its hand became empty (枭姬, 连营), or a seat's own
    /// cards were discarded (礼让): notices.
    CardsMoved,
    /// A judgment took effect (天妒).
    Judged,
    /// A character died.
    Death,
    // Timings of the mechanics the expansions need (no standard skill hooks them).
    /// 回合开始时: a turn begins, before its first phase.
    TurnStart,
    /// 回合结束时: a turn ends, after its last phase.
    TurnEnd,
    /// 每轮开始时: a round begins (the first seat's turn comes round).
    RoundStart,
    /// A card was used or played in answer to a request (a 闪 against 杀, a 杀 in 决斗): 雷击.
    CardResponded,
    /// 进入濒死时: a character enters dying, before anyone is asked to save it.
    Dying,
    /// 武将牌翻面后: a general was turned over, either way (解围).
    TurnedOver,
    /// The rescue of a dying character reaches that character itself, before it is asked for
    /// 桃 (不屈, `TimingData::Dying`).
    SavingSelf,
    /// A character's hand card was taken away by another, who discarded or obtained it (a
    /// pick: 过河拆桥, 顺手牵羊, 反馈 …): 奋激.
    HandCardTaken,
    /// 游戏开始时: the starting hands have been dealt, before the first turn (七星).
    GameStart,
    /// 伤害结算开始时: a damage begins to resolve, before the source's "when dealing" (狂风 +1,
    /// 大雾 prevents; W-KUANGFENG-1, W-DAWU-1). Chain damage passes through it too.
    DamageStart,
    /// The target's HP is about to be reduced by a damage whose amount is final (武魂's marks,
    /// W-WUHUN-1).
    HpReducing,
    /// A death did not end the game: death skills that act after the win check (武魂,
    /// W-WUHUN-3), before the mode's rewards. The dead seat's own skills fire here too.
    DeathResolved,
    /// 体力值降至0或更低时: a character's HP fell to 0 or below, before it enters dying (the 2009
    /// 不屈 puts its wounds on the general here; `TimingData::Dying`).
    BelowOne,
    /// A character has died, before its cards are discarded (行殇, `TimingData::Death`).
    Dead,
    /// A card use has resolved, before its cards go to the discard pile (巨象,
    /// `TimingData::Used`).
    UseResolved,
    /// 回复体力后: a character recovered HP (淑慎, `TimingData::Recovered`; a notice, run once
    /// the step that recovered is done).
    Recovered,
}

impl Timing {
    /// Do the dead's skills fire at this timing (their own death)?
    fn reaches_the_dead(self) -> bool {
        matches!(self, Timing::Death | Timing::DeathResolved)
    }
}

/// The data a timing carries. Triggers may change it (the damage amount, the draw count …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimingData {
    Phase {
        seat: Seat,
        phase: Phase,
    },
    Draw {
        seat: Seat,
        count: u8,
    },
    Used {
        use_id: usize,
    },
    Target {
        use_id: usize,
        target: Seat,
    },
    Dodged {
        use_id: usize,
        target: Seat,
    },
    Damage(Damage),
    Lost {
        seat: Seat,
        equips: u8,
        hand_emptied: bool,
    },
    Judged {
        seat: Seat,
        card: CardId,
        cause: Cause,
    },
    Death {
        seat: Seat,
        killer: Option<Seat>,
    },
    /// A turn (`TurnStart`, `TurnEnd`).
    Turn {
        seat: Seat,
    },
    /// A round (`RoundStart`), counted from 1.
    Round {
        number: u32,
    },
    /// `seat` gave `card` in answer to a request (`CardResponded`), used or played as `mode`
    /// says, answering the card use `use_id` if any.
    Response {
        seat: Seat,
        card: UsedCard,
        mode: RespondMode,
        use_id: Option<usize>,
    },
    /// `seat` enters dying (`Dying`); `killer` is the source of the damage that caused it.
    Dying {
        seat: Seat,
        killer: Option<Seat>,
    },
    /// `seat`'s general was turned over (`TurnedOver`), now face down or up.
    TurnedOver {
        seat: Seat,
        face_down: bool,
    },
    /// `by` discarded or obtained a hand card of `seat`'s (`HandCardTaken`).
    HandTaken {
        seat: Seat,
        by: Seat,
    },
    /// `seat`'s own `cards` (hand or equipment) were discarded (弃置) into the discard pile (a
    /// notice at `CardsMoved`: 礼让).
    Discarded {
        seat: Seat,
        cards: Vec<CardId>,
    },
    /// `seat` recovered `amount` HP (`Recovered`).
    Recovered {
        seat: Seat,
        amount: u8,
    },
}

impl TimingData {
    /// The timing of a notice (`Game::notices`): what happened while a step ran, reacted to
    /// after it.
    pub(crate) fn notice_timing(&self) -> Timing {
        match self {
            TimingData::TurnedOver { .. } => Timing::TurnedOver,
            TimingData::HandTaken { .. } => Timing::HandCardTaken,
            TimingData::Recovered { .. } => Timing::Recovered,
            _ => Timing::CardsMoved,
        }
    }
}

/// One entry of a trigger window's queue: a seat, one of its skills, and which of the skill's
/// triggers (a skill may hook one timing more than once; each trigger resolves in turn).
type Entry = (Seat, SkillId, u8);

/// A trigger window in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerFrame {
    pub timing: Timing,
    pub data: TimingData,
    queue: Option<Vec<Entry>>,
    index: usize,
    asked: bool,
    /// Waiting for a seat to choose which of its simultaneous skills resolves first.
    #[serde(default)]
    ordering: bool,
    /// Positions of the queue before this one have had their order settled.
    #[serde(default)]
    settled: usize,
    /// Hand the data back to the parent frame when done.
    pub reply: bool,
    /// 国战: waiting for the owner to reveal a hidden general to use its skill (H-REV-2).
    #[serde(default)]
    revealing: bool,
    /// 国战: the current skill's general was just revealed for it; it resolves without asking
    /// again.
    #[serde(default)]
    revealed: bool,
}

impl TriggerFrame {
    /// A window whose (possibly changed) data goes back to the parent as `Reply::Timing`.
    pub fn new(timing: Timing, data: TimingData) -> Self {
        TriggerFrame {
            timing,
            data,
            queue: None,
            index: 0,
            asked: false,
            ordering: false,
            settled: 0,
            revealing: false,
            revealed: false,
            reply: true,
        }
    }

    /// A window for a notice (`Game::notices`: cards moved, turned over, a hand card taken, HP
    /// recovered): no parent is waiting for it, so it hands nothing back — a reply left behind
    /// would be taken by the interrupted frame's next step as the answer to its next prompt.
    pub fn notice(data: TimingData) -> Self {
        TriggerFrame {
            reply: false,
            ..TriggerFrame::new(data.notice_timing(), data)
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.queue.is_none() && game.hooked & (1 << self.timing as u32) == 0 {
            // No registered skill hooks this timing: nothing to ask anyone.
            if self.reply {
                game.reply = Reply::Timing(self.data.clone());
            }
            return Step::Done;
        }
        let queue = match self.queue.take() {
            Some(queue) => queue,
            None => collect(game, self.timing, &self.data),
        };
        let step = self.step_with(game, &queue);
        if self.queue.is_none() {
            self.queue = Some(queue);
        }
        step
    }

    /// One step, with the queue as it stands (the ordering answer may rearrange it).
    fn step_with(&mut self, game: &mut Game, queue: &[Entry]) -> Step {
        if self.ordering {
            self.ordering = false;
            self.settled = self.index + 1;
            if let Some((seat, Action::Skill { skill, .. })) = game.take_answer() {
                let mut queue = queue.to_vec();
                if let Some(at) = queue[self.index..]
                    .iter()
                    .position(|e| e.0 == seat && e.1 == skill)
                {
                    let chosen = queue.remove(self.index + at);
                    queue.insert(self.index, chosen);
                }
                self.queue = Some(queue);
            }
            return Step::Again;
        }
        while let Some(&(seat, skill, which)) = queue.get(self.index) {
            let Some(trigger) = game.skill_def(skill).triggers.get(which as usize) else {
                self.index += 1;
                continue;
            };
            if self.revealing {
                self.revealing = false;
                match game.take_answer() {
                    // `Game::reveal_to_use` turned the general up: the skill goes on as shown.
                    Some((_, Action::Skill { .. }))
                        if game.hidden_general_with(seat, skill).is_none() =>
                    {
                        self.revealed = true;
                    }
                    _ => {
                        self.index += 1;
                        continue;
                    }
                }
            }
            if self.asked {
                self.asked = false;
                let answer = game.take_answer();
                self.index += 1;
                match answer {
                    Some((_, Action::Pass)) | None => continue,
                    Some((_, action)) => return self.apply(game, (seat, skill, which), &action),
                }
            }
            if !self.can_fire(game, (seat, skill, which)) {
                self.revealed = false;
                self.index += 1;
                continue;
            }
            if self.index >= self.settled {
                // A seat orders its own simultaneous skills.
                let mut group: Vec<SkillId> = Vec::new();
                for entry in queue[self.index..].iter().take_while(|e| e.0 == seat) {
                    if !group.contains(&entry.1) && self.can_fire(game, *entry) {
                        group.push(entry.1);
                    }
                }
                if group.len() >= 2 {
                    self.ordering = true;
                    let actions = group
                        .into_iter()
                        .map(|skill| Action::Skill {
                            skill,
                            cards: Vec::new(),
                            targets: Vec::new(),
                        })
                        .collect();
                    return Step::ask(Prompt::new(
                        seat,
                        PromptKind::OrderSkills,
                        Choices::actions(actions),
                    ));
                }
                self.settled = self.index + 1;
            }
            let yes = Action::Skill {
                skill,
                cards: Vec::new(),
                targets: Vec::new(),
            };
            // 国战: a pre-shown skill of a hidden general asks first whether to reveal it for
            // this (H-REV-2; a compulsory one may be declined, H-REV-7). The question's public
            // kind is 明置's, naming no skill (H-REV-10). A cost that cannot be paid asks nothing.
            let revealed = std::mem::take(&mut self.revealed);
            if !revealed && game.hidden_general_with(seat, skill).is_some() {
                // 祸水: no reveal in 邹氏's turn (H-REV-6).
                if game.reveal_blocked(seat) {
                    self.index += 1;
                    continue;
                }
                if let Ask::Custom(question) = trigger.ask {
                    if question(game, seat, &self.data).is_none() {
                        self.index += 1;
                        continue;
                    }
                }
                self.revealing = true;
                return Step::ask(Prompt::new(
                    seat,
                    PromptKind::Choose {
                        cause: Cause::Skill(SkillId::Mingzhi),
                    },
                    Choices::actions(vec![yes, Action::Pass]),
                ));
            }
            match trigger.ask {
                Ask::Never => {
                    self.index += 1;
                    return self.apply(game, (seat, skill, which), &Action::Pass);
                }
                Ask::Confirm if revealed => {
                    self.index += 1;
                    return self.apply(game, (seat, skill, which), &yes);
                }
                Ask::Confirm => {
                    self.asked = true;
                    return Step::ask(Prompt::new(
                        seat,
                        PromptKind::Confirm { skill },
                        Choices::actions(vec![yes, Action::Pass]),
                    ));
                }
                Ask::Custom(question) => match question(game, seat, &self.data) {
                    Some((kind, choices)) => {
                        self.asked = true;
                        return Step::ask(Prompt::new(seat, kind, choices));
                    }
                    None => {
                        self.index += 1;
                        continue;
                    }
                },
            }
        }
        if self.reply {
            game.reply = Reply::Timing(self.data.clone());
        }
        Step::Done
    }

    /// May this trigger fire now? Checked again right before it resolves, since an earlier one
    /// may have changed the situation (or used up the skill).
    fn can_fire(&self, game: &Game, (seat, skill, which): Entry) -> bool {
        let alive = game.is_alive(seat) || self.timing.reaches_the_dead();
        alive
            && game.uses_left(seat, skill)
            && game
                .skill_def(skill)
                .triggers
                .get(which as usize)
                .is_some_and(|t| t.timing == self.timing && (t.can_trigger)(game, seat, &self.data))
    }

    fn apply(&mut self, game: &mut Game, (seat, skill, which): Entry, action: &Action) -> Step {
        let Some(trigger) = game.skill_def(skill).triggers.get(which as usize) else {
            return Step::Again;
        };
        let targets = match action {
            Action::Skill { targets, .. } => targets.clone(),
            _ => Vec::new(),
        };
        game.invoke(seat, skill, targets);
        match (trigger.on_trigger)(game, seat, &mut self.data, action) {
            Some(frame) => Step::Push(frame),
            None => Step::Again,
        }
    }
}

/// The timings some skill of `registry` hooks, as a bit set by `Timing`.
pub(crate) fn hooked_timings(skills: &[&crate::def::SkillDef]) -> u32 {
    skills
        .iter()
        .flat_map(|s| s.triggers.iter())
        .fold(0, |set, t| set | (1 << t.timing as u32))
}

/// The triggers that may fire at `timing`, in resolution order: seats in seat order from the
/// current seat, each seat's skills in the order it has them, each skill's triggers in the
/// order the skill declares them.
fn collect(game: &Game, timing: Timing, data: &TimingData) -> Vec<Entry> {
    let mut queue = Vec::new();
    let n = game.seats.len();
    let start = game.turn.seat.index();
    for i in 0..n {
        let seat = Seat(((start + i) % n) as u8);
        if !game.is_alive(seat) && !timing.reaches_the_dead() {
            continue;
        }
        // A hidden general's, where its owner pre-showed them (国战 H-REV-10).
        for skill in game.triggering_skills(seat) {
            for (which, trigger) in skill.triggers.iter().enumerate() {
                if trigger.timing == timing
                    && (trigger.can_trigger)(game, seat, data)
                    && game.uses_left(seat, skill.id)
                {
                    queue.push((seat, skill.id, which as u8));
                }
            }
        }
    }
    queue
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// 许褚 with 裸衣 active and a 寒冰剑: both hook "when dealing damage"; he orders them.
    fn xuchu_with_ice_sword() -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Draw;
        s.draw_pile_top = cards(&[Peach, Peach, Peach]);
        seat(&mut s, 0).general = GeneralId::Xuchu;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = vec![CardSpec::kind(IceSword)];
        seat(&mut s, 1).hand = cards(&[Dismantlement, Snatch]);
        let mut check = Check::new(s);
        check.skill(0, SkillId::Luoyi);
        check.card(0, Slash, &[1]).pass(1);
        check
    }

    #[test]
    fn a_seat_orders_its_own_simultaneous_skills() {
        let check = xuchu_with_ice_sword();
        let prompt = check.prompt(0);
        assert_eq!(prompt.kind, PromptKind::OrderSkills);
        assert_eq!(prompt.legal_actions(10).len(), 2);
    }

    #[test]
    fn the_chosen_skill_resolves_first() {
        // 寒冰剑 first: the damage is prevented, so 裸衣 has nothing left to add to.
        let mut check = xuchu_with_ice_sword();
        check
            .skill(0, SkillId::IceSword)
            .skill(0, SkillId::IceSword);
        check.act(
            0,
            Action::Pick {
                pick: crate::action::Pick::Hand { index: 0 },
            },
        );
        check.act(
            0,
            Action::Pick {
                pick: crate::action::Pick::Hand { index: 0 },
            },
        );
        assert_eq!(check.hp(1), 4);
        assert!(check.hand(1).is_empty());

        // 裸衣 first: 2 damage, and 寒冰剑 may still prevent it; declining lets it through.
        let mut check = xuchu_with_ice_sword();
        check.skill(0, SkillId::Luoyi).pass(0);
        assert_eq!(check.hp(1), 2);
    }
}
