//! Timings and the one place that decides which triggered skills fire, in which order, and
//! which ask their owner first.
//!
//! Order: seats in seat order starting from the current seat; a seat's own skills in the order
//! it has them (general skills, then equipment). Each skill is checked again right before it
//! resolves, since an earlier one may have changed the situation.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::CardId;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Damage, Reply, Step};
use crate::seat::Seat;
use crate::skills::{Ask, SkillId};

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
    /// Cards left a seat's equipment, or its hand became empty (枭姬, 连营).
    CardsMoved,
    /// A judgment took effect (天妒).
    Judged,
    /// A character died.
    Death,
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
}

/// A trigger window in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerFrame {
    pub timing: Timing,
    pub data: TimingData,
    queue: Option<Vec<(Seat, SkillId)>>,
    index: usize,
    asked: bool,
    /// Hand the data back to the parent frame when done.
    pub reply: bool,
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
            reply: timing != Timing::CardsMoved,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.queue.is_none() {
            self.queue = Some(collect(game, self.timing, &self.data));
        }
        while let Some(&(seat, skill)) = self.queue.as_ref().and_then(|q| q.get(self.index)) {
            let Some(trigger) = skill
                .def()
                .triggers
                .iter()
                .find(|t| t.timing == self.timing)
            else {
                self.index += 1;
                continue;
            };
            if self.asked {
                self.asked = false;
                let answer = game.take_answer();
                self.index += 1;
                match answer {
                    Some((_, Action::Pass)) | None => continue,
                    Some((_, action)) => return self.apply(game, seat, skill, &action),
                }
            }
            let alive = game.is_alive(seat) || self.timing == Timing::Death;
            if !alive || !(trigger.can_trigger)(game, seat, &self.data) {
                self.index += 1;
                continue;
            }
            match trigger.ask {
                Ask::Never => {
                    self.index += 1;
                    return self.apply(game, seat, skill, &Action::Pass);
                }
                Ask::Confirm => {
                    self.asked = true;
                    let yes = Action::Skill {
                        skill,
                        cards: Vec::new(),
                        targets: Vec::new(),
                    };
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

    fn apply(&mut self, game: &mut Game, seat: Seat, skill: SkillId, action: &Action) -> Step {
        let Some(trigger) = skill
            .def()
            .triggers
            .iter()
            .find(|t| t.timing == self.timing)
        else {
            return Step::Again;
        };
        game.emit(Event::SkillInvoked {
            seat,
            skill,
            targets: Vec::new(),
        });
        match (trigger.on_trigger)(game, seat, &mut self.data, action) {
            Some(frame) => Step::Push(frame),
            None => Step::Again,
        }
    }
}

/// The skills that may fire at `timing`, in resolution order.
fn collect(game: &Game, timing: Timing, data: &TimingData) -> Vec<(Seat, SkillId)> {
    let mut queue = Vec::new();
    let n = game.seats.len();
    let start = game.turn.seat.index();
    for i in 0..n {
        let seat = Seat(((start + i) % n) as u8);
        if !game.is_alive(seat) && timing != Timing::Death {
            continue;
        }
        for skill in game.skills(seat) {
            if skill
                .triggers
                .iter()
                .any(|t| t.timing == timing && (t.can_trigger)(game, seat, data))
            {
                queue.push((seat, skill.id));
            }
        }
    }
    queue
}
