//! 回合 A turn: the six phases in order, each with its "before" (may skip), "start" and "end"
//! timings. Skipped phases have no start or end timings (`timing-rulings.md` B.6).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardId, CardKind, UsedCard};
use crate::def::card::Target;
use crate::def::skill::{Period, SkillFrame};
use crate::event::Event;
use crate::game::{Game, Turn};
use crate::prompt::{Choices, Phase, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, Reply, Step, Timing, TimingData, TriggerFrame, UseFrame};
use crate::seat::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    TurnStart,
    TurnEnd,
    BeforePhase,
    PhaseStart,
    Body,
    PhaseEnd,
    NextPhase,
}

/// A turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFrame {
    pub seat: Seat,
    phase: usize,
    stage: Stage,
    /// Progress within the phase body.
    sub: u8,
    /// 判定阶段: the delayed tricks still to resolve, as they were when the phase began.
    #[serde(default)]
    pending: Vec<CardId>,
}

impl TurnFrame {
    pub fn new(seat: Seat) -> Self {
        TurnFrame {
            seat,
            phase: 0,
            stage: Stage::TurnStart,
            sub: 0,
            pending: Vec::new(),
        }
    }

    /// A turn already under way, entering `phase` (scenarios).
    pub fn at(seat: Seat, phase: Phase) -> Self {
        TurnFrame {
            seat,
            phase: phase as usize,
            stage: Stage::BeforePhase,
            sub: 0,
            pending: Vec::new(),
        }
    }

    /// A turn already in its play phase, about to ask the seat for its next play (a game
    /// resumed from a [`Position`](crate::position::Position): the phase's start is behind it).
    pub fn in_play_phase(seat: Seat) -> Self {
        TurnFrame {
            seat,
            phase: Phase::Play as usize,
            stage: Stage::Body,
            sub: 0,
            pending: Vec::new(),
        }
    }

    fn phase(&self) -> Phase {
        Phase::ALL[self.phase]
    }

    fn data(&self) -> TimingData {
        TimingData::Phase {
            seat: self.seat,
            phase: self.phase(),
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        let over = game.turn.over && game.turn.seat == self.seat && self.stage != Stage::TurnStart;
        if !game.is_alive(self.seat) || over {
            game.turn.phase = None;
            return Step::Done;
        }
        match self.stage {
            Stage::TurnStart => {
                game.turn = Turn {
                    seat: self.seat,
                    number: game.turn.number + 1,
                    ..Turn::default()
                };
                game.emit(Event::TurnStarted { seat: self.seat });
                game.reset_usage(Period::Turn);
                self.stage = Stage::BeforePhase;
                trigger(Timing::TurnStart, TimingData::Turn { seat: self.seat })
            }
            Stage::BeforePhase => {
                game.take_reply();
                if self.phase >= Phase::ALL.len() {
                    game.turn.phase = None;
                    self.stage = Stage::TurnEnd;
                    return trigger(Timing::TurnEnd, TimingData::Turn { seat: self.seat });
                }
                game.turn.seat = self.seat;
                game.turn.phase = Some(self.phase());
                game.reset_usage(Period::Phase);
                game.turn.ends_phase = false;
                self.stage = Stage::PhaseStart;
                trigger(Timing::BeforePhase, self.data())
            }
            Stage::TurnEnd => {
                game.take_reply();
                // An unused 酒 is lost at the end of the turn (F.26).
                game.sober_up(self.seat);
                game.turn.announced = None;
                game.emit(Event::TurnEnded { seat: self.seat });
                Step::Done
            }
            Stage::PhaseStart => {
                game.take_reply();
                let phase = self.phase();
                if game.turn.skip[self.phase] {
                    game.turn.announced = Some(phase);
                    game.emit(Event::PhaseSkipped {
                        seat: self.seat,
                        phase,
                    });
                    self.stage = Stage::NextPhase;
                    return Step::Again;
                }
                game.turn.announced = Some(phase);
                game.emit(Event::PhaseStarted {
                    seat: self.seat,
                    phase,
                });
                self.stage = Stage::Body;
                self.sub = 0;
                trigger(Timing::PhaseStart, self.data())
            }
            Stage::Body => self.body(game),
            Stage::PhaseEnd => {
                self.stage = Stage::NextPhase;
                trigger(Timing::PhaseEnd, self.data())
            }
            Stage::NextPhase => {
                game.take_reply();
                self.phase += 1;
                self.stage = Stage::BeforePhase;
                Step::Again
            }
        }
    }

    fn end_phase(&mut self) -> Step {
        self.stage = Stage::PhaseEnd;
        Step::Again
    }

    fn body(&mut self, game: &mut Game) -> Step {
        match self.phase() {
            Phase::Judge => self.judge_phase(game),
            Phase::Draw => self.draw_phase(game),
            Phase::Play => self.play_phase(game),
            Phase::Discard => self.discard_phase(game),
            Phase::Start | Phase::Finish => {
                game.take_reply();
                self.end_phase()
            }
        }
    }

    /// 判定阶段: the delayed tricks in the area when the phase begins resolve, last placed
    /// first (`timing-rulings.md` B.7). One that comes back (a 闪电 with nowhere else to go)
    /// waits for the next turn.
    fn judge_phase(&mut self, game: &mut Game) -> Step {
        game.take_reply();
        if self.sub == 0 {
            self.sub = 1;
            let area = &game.table.seats[self.seat.index()].judge;
            self.pending = area.iter().map(|d| d.card).collect();
            crate::modes::identity::early_cards::judge_order(game, self.seat, &mut self.pending);
        }
        while let Some(card) = self.pending.pop() {
            let area = &game.table.seats[self.seat.index()].judge;
            if let Some(trick) = area.iter().find(|d| d.card == card) {
                return Step::Push(Frame::Delayed(super::judge_phase::DelayedFrame::new(
                    self.seat, trick.card, trick.kind,
                )));
            }
        }
        self.end_phase()
    }

    /// 摸牌阶段: draw 2 (or what the mode gives), as changed by skills.
    fn draw_phase(&mut self, game: &mut Game) -> Step {
        if self.sub == 0 {
            game.take_reply();
            self.sub = 1;
            let count = (game.mode.draw_count)(game, self.seat);
            return trigger(
                Timing::DrawCount,
                TimingData::Draw {
                    seat: self.seat,
                    count,
                },
            );
        }
        if let Reply::Timing(TimingData::Draw { count, .. }) = game.take_reply() {
            game.draw(self.seat, count as usize);
        }
        self.end_phase()
    }

    /// 出牌阶段: use cards and skills until the seat passes.
    fn play_phase(&mut self, game: &mut Game) -> Step {
        match self.sub {
            // Ask for the next play.
            0 => {
                game.take_reply();
                if game.turn.ends_phase {
                    return self.end_phase();
                }
                self.sub = 1;
                let mut actions = game.play_actions(self.seat);
                actions.push(Action::Pass);
                Step::ask(Prompt::new(
                    self.seat,
                    PromptKind::Play,
                    Choices::actions(actions),
                ))
            }
            // The seat answered.
            _ => {
                self.sub = 0;
                match game.take_answer() {
                    Some((
                        _,
                        Action::Card {
                            cards,
                            skill,
                            targets,
                        },
                    )) => match start_use(game, self.seat, &cards, skill, targets) {
                        Some(frame) => Step::Push(frame),
                        None => Step::Again,
                    },
                    Some((
                        _,
                        Action::Skill {
                            skill,
                            cards,
                            targets,
                        },
                    )) => {
                        // The skill's frame starts with what the action named.
                        let mut frame = SkillFrame::new(skill, self.seat);
                        frame.cards = cards;
                        frame.seats = targets;
                        Step::Push(Frame::Skill(frame))
                    }
                    Some((_, Action::Recast { card })) => Step::Push(Frame::Recast(
                        crate::resolve::recast::RecastFrame::new(self.seat, card),
                    )),
                    _ => self.end_phase(),
                }
            }
        }
    }

    /// 弃牌阶段: discard down to the hand limit.
    fn discard_phase(&mut self, game: &mut Game) -> Step {
        if self.sub == 0 {
            game.take_reply();
            let hand = game.hand(self.seat).to_vec();
            let excess = hand.len().saturating_sub(game.hand_limit(self.seat));
            if excess == 0 {
                return self.end_phase();
            }
            self.sub = 1;
            let count = excess as u8;
            return Step::ask(Prompt::new(
                self.seat,
                PromptKind::Discard { count },
                Choices::Cards {
                    from: hand,
                    min: count,
                    max: count,
                    can_pass: false,
                },
            ));
        }
        if let Some((_, Action::Cards { cards })) = game.take_answer() {
            game.discard(&cards);
        }
        self.end_phase()
    }
}

fn trigger(timing: Timing, data: TimingData) -> Step {
    Step::Push(Frame::Trigger(TriggerFrame::new(timing, data)))
}

/// Turns a play-phase card action into a card use (also a card a skill lets its owner use
/// from hand then, 解围).
pub(crate) fn start_use(
    game: &mut Game,
    user: Seat,
    cards: &[crate::card::CardId],
    skill: Option<crate::ids::SkillId>,
    targets: Vec<Seat>,
) -> Option<Frame> {
    let card = game.make_used_card(cards, skill, None)?;
    Some(use_card(game, user, card, targets))
}

/// `user` uses `card` on `targets` as in its play phase (蛊惑's named card too): counted against
/// the play-phase limits, targets in seat order, implicit targets found by the card.
pub(crate) fn use_card(game: &mut Game, user: Seat, card: UsedCard, targets: Vec<Seat>) -> Frame {
    let def = game.card_def(card.kind);
    game.turn.count_use(card.kind);
    if card.kind == CardKind::Slash {
        game.turn.slashes_used += 1;
        game.turn.slash_in_play_phase = true;
    }
    let card_use = match def.target {
        Target::Implicit(implicit) => {
            let targets = implicit(game, user);
            CardUse::new(user, card, targets)
        }
        Target::Collateral => {
            let mut card_use =
                CardUse::new(user, card, targets.first().copied().into_iter().collect());
            card_use.victim = targets.get(1).copied();
            card_use
        }
        _ => {
            let mut targets = targets;
            // Several targets resolve in seat order from the user.
            let order = game.order_from(user);
            targets.sort_by_key(|t| order.iter().position(|s| s == t));
            CardUse::new(user, card, targets)
        }
    };
    Frame::Use(UseFrame::new(card_use))
}
