//! [`Prompt`]: a pending decision — which seat must decide what, with which legal answers.
//!
//! Bots, the client's highlighting and the engine's own validation all read the same
//! [`Choices`]: an answer is legal exactly when [`Choices::allows`] says so.

use serde::{Deserialize, Serialize};

use crate::action::{Action, Pick};
use crate::card::{CardId, CardKind};
use crate::ids::SkillId;
use crate::seat::Seat;

/// 阶段 The six phases of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 准备阶段
    Start,
    /// 判定阶段
    Judge,
    /// 摸牌阶段
    Draw,
    /// 出牌阶段
    Play,
    /// 弃牌阶段
    Discard,
    /// 结束阶段
    Finish,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Start,
        Phase::Judge,
        Phase::Draw,
        Phase::Play,
        Phase::Discard,
        Phase::Finish,
    ];
}

/// Why something is asked or done: a card's effect, a skill, a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "by", content = "id", rename_all = "snake_case")]
pub enum Cause {
    Card(CardKind),
    Skill(SkillId),
    Phase(Phase),
    /// A dying character being saved.
    Dying(Seat),
    /// The penalty for a lord who kills a loyalist, or the reward for killing a rebel.
    Death(Seat),
    /// 叫地主 Bidding for the landlord (斗地主).
    Bid,
    /// Which camp goes first, or which of a camp's characters acts next (3v3).
    Order,
}

/// What is being asked, for display. What is *legal* is in [`Choices`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PromptKind {
    /// 出牌阶段: use a card, use a skill, or end the phase (`Pass`).
    Play,
    /// Use or play a card of this kind (a 闪 against 杀, a 杀 in 决斗 …), or pass.
    /// `from` is the seat whose card or effect asks, `remaining` how many are still needed.
    Respond {
        card: CardKind,
        cause: Cause,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Seat>,
        remaining: u8,
    },
    /// A dying character asks for 桃.
    Save { dying: Seat },
    /// 无懈可击 window for `trick` on `target` (`countering` = it would cancel a 无懈可击).
    Nullify {
        trick: CardKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        countering: bool,
    },
    /// 弃牌阶段: discard down to the hand limit.
    Discard { count: u8 },
    /// Choose a card from `owner`'s areas (过河拆桥, 顺手牵羊, 寒冰剑 …).
    PickCard { owner: Seat, cause: Cause },
    /// Choose cards, seats or an option for `cause`.
    Choose { cause: Cause },
    /// Name a suit for `cause` (反间): `Action::Option { index }` in `Suit::ALL` order
    /// (♠ ♥ ♣ ♦).
    ChooseSuit { cause: Cause },
    /// Invoke an optional skill? (yes = `Skill`, no = `Pass`).
    Confirm { skill: SkillId },
    /// Take one card from a shared pool (五谷丰登).
    Pool { cards: Vec<CardId> },
    /// Arrange cards on top / at the bottom of the draw pile (观星).
    Arrange,
    /// Several of this seat's skills trigger at once: choose which resolves first
    /// (each `Action::Skill` names one).
    OrderSkills,
    /// Choose a general (general selection). The offered generals are only in the choices.
    ChooseGeneral,
    /// 拼点 Choose a hand card to compare with `with`'s, for `cause`.
    Pindian { with: Seat, cause: Cause },
    /// 展示 Choose a card of one's own to show everyone, for `cause` (火攻).
    Show { cause: Cause },
    /// 神 Choose the kingdom a god general plays for: `Action::Option { index }` in
    /// `Kingdom::CHOOSABLE` order (魏 蜀 吴 群).
    ChooseKingdom,
}

/// The legal answers of a prompt.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Choices {
    /// Exactly one of these actions.
    Actions { actions: Vec<Action> },
    /// `Action::Cards` naming between `min` and `max` distinct cards of `from`; or `Pass` when
    /// `can_pass`.
    Cards {
        from: Vec<CardId>,
        min: u8,
        max: u8,
        can_pass: bool,
    },
    /// `Action::Arrange` of exactly these cards, split between top and bottom in any order.
    Arrange { cards: Vec<CardId> },
}

impl Choices {
    /// Is `action` a legal answer?
    pub fn allows(&self, action: &Action) -> bool {
        match self {
            Choices::Actions { actions } => actions.contains(action),
            Choices::Cards {
                from,
                min,
                max,
                can_pass,
            } => match action {
                Action::Pass => *can_pass,
                Action::Cards { cards } => {
                    let n = cards.len();
                    n >= *min as usize
                        && n <= *max as usize
                        && cards.iter().all(|c| from.contains(c))
                        && cards
                            .iter()
                            .enumerate()
                            .all(|(i, c)| !cards[i + 1..].contains(c))
                }
                _ => false,
            },
            Choices::Arrange { cards } => match action {
                Action::Arrange { top, bottom } => {
                    top.len() + bottom.len() == cards.len()
                        && top.iter().chain(bottom).all(|c| cards.contains(c))
                        && cards.iter().all(|c| top.contains(c) || bottom.contains(c))
                }
                _ => false,
            },
        }
    }

    /// The answer given when the seat does not decide in time: pass where passing is allowed,
    /// otherwise the first legal answer.
    pub fn default_action(&self) -> Action {
        match self {
            Choices::Actions { actions } => {
                if actions.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    actions.first().cloned().unwrap_or(Action::Pass)
                }
            }
            Choices::Cards {
                from,
                min,
                can_pass,
                ..
            } => {
                if *can_pass {
                    Action::Pass
                } else {
                    Action::Cards {
                        cards: from.iter().take(*min as usize).copied().collect(),
                    }
                }
            }
            Choices::Arrange { cards } => Action::Arrange {
                top: cards.clone(),
                bottom: Vec::new(),
            },
        }
    }

    /// Does this prompt offer anything besides passing?
    pub fn has_option_besides_pass(&self) -> bool {
        match self {
            Choices::Actions { actions } => actions.iter().any(|a| *a != Action::Pass),
            Choices::Cards { from, min, .. } => !from.is_empty() || *min == 0,
            Choices::Arrange { .. } => true,
        }
    }

    pub(crate) fn actions(actions: Vec<Action>) -> Self {
        Choices::Actions { actions }
    }

    /// One `Pick` per card, hand cards by position.
    pub(crate) fn picks(hand: usize, visible: &[CardId], can_pass: bool) -> Self {
        let mut actions: Vec<Action> = (0..hand)
            .map(|i| Action::Pick {
                pick: Pick::Hand { index: i as u8 },
            })
            .chain(visible.iter().map(|c| Action::Pick {
                pick: Pick::Card { card: *c },
            }))
            .collect();
        if can_pass {
            actions.push(Action::Pass);
        }
        Choices::Actions { actions }
    }
}

/// A pending decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Prompt {
    pub seat: Seat,
    #[serde(flatten)]
    pub kind: PromptKind,
    pub choices: Choices,
}

impl Prompt {
    pub fn new(seat: Seat, kind: PromptKind, choices: Choices) -> Self {
        Prompt {
            seat,
            kind,
            choices,
        }
    }

    /// The answer used on timeout.
    pub fn default_action(&self) -> Action {
        self.choices.default_action()
    }

    /// Is this the free play-phase decision (which gets the longer clock)?
    pub fn is_play(&self) -> bool {
        matches!(self.kind, PromptKind::Play)
    }

    /// Every legal action, enumerated. For `Choices::Cards` this lists every subset (capped at
    /// `limit` actions) — prefer sampling from the choices for large sets.
    pub fn legal_actions(&self, limit: usize) -> Vec<Action> {
        match &self.choices {
            Choices::Actions { actions } => actions.clone(),
            Choices::Cards {
                from,
                min,
                max,
                can_pass,
            } => {
                let mut out = Vec::new();
                if *can_pass {
                    out.push(Action::Pass);
                }
                let n = from.len().min(20);
                for mask in 0u32..(1u32 << n) {
                    let k = mask.count_ones() as usize;
                    if k < *min as usize || k > *max as usize {
                        continue;
                    }
                    let cards = (0..n)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| from[i])
                        .collect();
                    out.push(Action::Cards { cards });
                    if out.len() >= limit {
                        break;
                    }
                }
                out
            }
            Choices::Arrange { .. } => vec![self.default_action()],
        }
    }
}
