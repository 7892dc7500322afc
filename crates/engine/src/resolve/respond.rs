//! Asking a seat for a card: a 闪 against 杀, a 杀 in 决斗 or against 南蛮入侵, a 闪 against
//! 万箭齐发. The seat answers with a matching card (or a conversion of it), with a skill that
//! stands in for one (八卦阵), or passes. 无双 asks for two.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::CardKind;
use crate::card::UsedCard;
use crate::def::skill::{CardMode, SkillFrame};
use crate::event::Event;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Reply, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;
use crate::zone::Zone;

/// Whether the asked card is used (使用: 闪) or played (打出: 杀 in 决斗).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RespondMode {
    Use,
    Play,
}

impl RespondMode {
    pub fn card_mode(self) -> CardMode {
        match self {
            RespondMode::Use => CardMode::UseInResponse,
            RespondMode::Play => CardMode::PlayInResponse,
        }
    }
}

/// A request for cards in progress. Replies `Responded(true)` once `need` cards were given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RespondFrame {
    pub seat: Seat,
    pub kind: CardKind,
    pub mode: RespondMode,
    pub need: u8,
    pub got: u8,
    pub cause: Cause,
    pub from: Option<Seat>,
    /// The card use being answered, if any.
    pub use_id: Option<usize>,
    providers_used: Vec<SkillId>,
    waiting: Waiting,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Waiting {
    Nothing,
    Answer,
    Provider,
    /// The "card given in answer" window is open.
    Responded,
}

impl RespondFrame {
    pub fn new(seat: Seat, kind: CardKind, mode: RespondMode, cause: Cause) -> Self {
        RespondFrame {
            seat,
            kind,
            mode,
            need: 1,
            got: 0,
            cause,
            from: None,
            use_id: None,
            providers_used: Vec::new(),
            waiting: Waiting::Nothing,
        }
    }

    pub fn need(mut self, need: u8) -> Self {
        self.need = need;
        self
    }

    pub fn answering(mut self, use_id: Option<usize>, from: Option<Seat>) -> Self {
        self.use_id = use_id;
        self.from = from;
        self
    }

    /// One card was given. Each card asked for is a new need, so a skill that stands in for a
    /// card (八卦阵, 护驾) may be offered again for the next one (无双 asks for two).
    /// `card` was given in answer: the "card given in answer" window opens (雷击 …).
    fn responded(&mut self, card: UsedCard) -> Step {
        self.waiting = Waiting::Responded;
        Step::Push(Frame::Trigger(TriggerFrame::new(
            Timing::CardResponded,
            TimingData::Response {
                seat: self.seat,
                card,
                mode: self.mode,
                use_id: self.use_id,
            },
        )))
    }

    fn obtained(&mut self) {
        self.got += 1;
        self.providers_used.clear();
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        match std::mem::replace(&mut self.waiting, Waiting::Nothing) {
            Waiting::Answer => match game.take_answer() {
                Some((_, Action::Card { cards, skill, .. })) => {
                    self.obtained();
                    let Some(card) = give(game, self.seat, &cards, skill, self.kind, self.mode)
                    else {
                        return Step::Again;
                    };
                    return self.responded(card);
                }
                Some((_, Action::Skill { skill, .. })) => {
                    self.providers_used.push(skill);
                    self.waiting = Waiting::Provider;
                    let mut frame = SkillFrame::new(skill, self.seat);
                    frame.use_id = self.use_id;
                    game.invoke(self.seat, skill, Vec::new());
                    return Step::Push(Frame::Skill(frame));
                }
                _ => {
                    game.reply = Reply::Responded(false);
                    return Step::Done;
                }
            },
            Waiting::Provider => {
                if game.take_reply() == Reply::Responded(true) {
                    let skill = self.providers_used.last().copied();
                    self.obtained();
                    // Given by a skill (八卦阵, 护驾): still a card used or played (雷击).
                    let mut card = UsedCard::virtual_card(self.kind);
                    card.skill = skill;
                    return self.responded(card);
                }
            }
            Waiting::Responded => {
                game.take_reply();
            }
            Waiting::Nothing => {}
        }
        if self.got >= self.need {
            game.reply = Reply::Responded(true);
            return Step::Done;
        }
        if !game.is_alive(self.seat) {
            game.reply = Reply::Responded(false);
            return Step::Done;
        }
        self.waiting = Waiting::Answer;
        let mut actions = game.response_actions(self.seat, self.kind, self.mode.card_mode(), &[]);
        // A hidden general's too (八阵): using it reveals it (国战 H-REV-2 (a)).
        for skill in game.declarable_skills(self.seat) {
            let Some(provider) = &skill.provider else {
                continue;
            };
            if provider.kind == self.kind
                && !self.providers_used.contains(&skill.id)
                && (provider.can_provide)(game, self.seat, self.use_id)
            {
                actions.push(Action::Skill {
                    skill: skill.id,
                    cards: Vec::new(),
                    targets: Vec::new(),
                });
            }
        }
        actions.push(Action::Pass);
        Step::ask(Prompt::new(
            self.seat,
            PromptKind::Respond {
                card: self.kind,
                cause: self.cause,
                from: self.from,
                remaining: self.need - self.got,
            },
            Choices::actions(actions),
        ))
    }
}

/// `seat` uses or plays `cards` (converted by `skill`) as a `kind`: announce it and put the
/// cards through the processing area into the discard pile.
pub(crate) fn give(
    game: &mut Game,
    seat: Seat,
    cards: &[crate::card::CardId],
    skill: Option<SkillId>,
    kind: CardKind,
    mode: RespondMode,
) -> Option<UsedCard> {
    let card = game.make_used_card(cards, skill, Some(kind))?;
    game.move_cards(cards, Zone::Processing);
    match mode {
        RespondMode::Use => game.emit(Event::CardUsed {
            seat,
            card: card.clone(),
            targets: Vec::new(),
        }),
        RespondMode::Play => game.emit(Event::CardPlayed {
            seat,
            card: card.clone(),
        }),
    }
    if kind == CardKind::Slash
        && game.turn.seat == seat
        && game.turn.phase == Some(crate::prompt::Phase::Play)
    {
        game.turn.slash_in_play_phase = true;
    }
    game.discard_from_processing(cards);
    Some(card)
}
