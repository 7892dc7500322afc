//! 拼点 Pindian (`generals-wind-fire.md` W-MECH-PINDIAN): the initiator and the target each
//! choose one hand card, secretly and at once (one request to both); both cards go face up to the
//! processing area together; the initiator wins only with a strictly greater rank (suits do not
//! count, and filters do not change ranks). The result goes back to the caller as
//! `Reply::Pindian`; the cards stay in the processing area until the caller has applied it and
//! calls [`Game::end_pindian`] (W-MECH-PINDIAN-4). Pindian is not using, playing or discarding a
//! card, and cannot be nullified.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::CardId;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Reply, Step};
use crate::seat::Seat;
use crate::zone::Zone;

/// A pindian's result: did the initiator win, and the two cards (the initiator's first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PindianResult {
    pub won: bool,
    pub cards: [CardId; 2],
}

/// A pindian in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PindianFrame {
    pub seat: Seat,
    pub target: Seat,
    pub cause: Cause,
    asked: bool,
    chosen: [Option<CardId>; 2],
    /// Set once both cards are face up; handed to the caller one step later.
    #[serde(default)]
    result: Option<PindianResult>,
}

impl PindianFrame {
    pub fn new(seat: Seat, target: Seat, cause: Cause) -> Self {
        PindianFrame {
            seat,
            target,
            cause,
            asked: false,
            chosen: [None, None],
            result: None,
        }
    }

    fn prompt(&self, game: &Game, seat: Seat, with: Seat) -> Prompt {
        Prompt::new(
            seat,
            PromptKind::Pindian {
                with,
                cause: self.cause,
            },
            Choices::Cards {
                from: game.hand(seat).to_vec(),
                min: 1,
                max: 1,
                can_pass: false,
            },
        )
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if let Some(result) = self.result.take() {
            // The cards' move has been reacted to (a seat that showed its last hand card); now
            // the caller gets the result, free to ask.
            game.reply = Reply::Pindian(result);
            return Step::Done;
        }
        if !self.asked {
            // Both must hold a hand card (W-MECH-PINDIAN-1); callers check before starting one.
            if game.hand(self.seat).is_empty() || game.hand(self.target).is_empty() {
                return Step::Done;
            }
            self.asked = true;
            return Step::Ask(vec![
                self.prompt(game, self.seat, self.target),
                self.prompt(game, self.target, self.seat),
            ]);
        }
        if let Some((seat, Action::Cards { cards })) = game.take_answer() {
            let slot = usize::from(seat == self.target);
            self.chosen[slot] = cards.first().copied();
        }
        if !game.prompts.is_empty() {
            return Step::Wait;
        }
        let (Some(mine), Some(theirs)) = (self.chosen[0], self.chosen[1]) else {
            return Step::Done;
        };
        // One move, face up, both at once.
        game.move_cards(&[mine, theirs], Zone::Processing);
        let won = game.deck().card(mine).rank > game.deck().card(theirs).rank;
        game.emit(Event::Pindian {
            seat: self.seat,
            target: self.target,
            cards: vec![mine, theirs],
            won,
        });
        // The result goes back one step later, so that what reacts to the move (死谏: a seat
        // lost its last hand card) runs before the caller asks anything.
        self.result = Some(PindianResult {
            won,
            cards: [mine, theirs],
        });
        Step::Again
    }
}

// 驱虎 and 天义 start one.
impl Game {
    /// After a pindian's result has been applied: its two cards go to the discard pile.
    pub(crate) fn end_pindian(&mut self, result: &PindianResult) {
        self.discard_from_processing(&result.cards);
    }

    /// The result of the 拼点 a skill started ([`skill_pindian`]), handed back as its reply;
    /// `None` if the step's reply is something else.
    pub(crate) fn pindian_result(&mut self) -> Option<PindianResult> {
        match self.take_reply() {
            crate::resolve::Reply::Pindian(result) => Some(result),
            _ => None,
        }
    }

    /// [`Game::pindian_result`], its two cards then put into the discard pile (the skill uses
    /// only who won).
    pub(crate) fn finish_pindian(&mut self) -> Option<PindianResult> {
        let result = self.pindian_result()?;
        self.end_pindian(&result);
        Some(result)
    }
}

/// The step of `skill` that starts a 拼点 between its `owner` and `target`; the result comes
/// back to the skill's next step ([`Game::pindian_result`]).
pub(crate) fn skill_pindian(owner: Seat, target: Seat, skill: crate::ids::SkillId) -> Step {
    Step::Push(crate::resolve::Frame::Pindian(PindianFrame::new(
        owner,
        target,
        Cause::Skill(skill),
    )))
}
