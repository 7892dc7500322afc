//! 缔盟 Dimeng — 鲁肃 (国战, H-SK-dimeng).
//!
//! 出牌阶段限一次，你可以选择两名其他角色并弃置X张牌（X为这两名角色手牌数的差），令这两名角色交换手牌。
//! Once per play phase, you may choose two other characters and discard X cards (hand or
//! equipped; X = the difference of their hand counts, possibly 0): they exchange their hands.
//!
//! First the pair (only pairs whose difference 鲁肃 can pay), then the X cards, then the
//! exchange; each hand moves to the other seat, seen by those two only. `Pass` at either question
//! cancels without using the skill up.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Dimeng,
        "缔盟",
        "Dimeng",
        "出牌阶段限一次，你可以选择两名其他角色并弃置X张牌（X为这两名角色手牌数的差），令这两名角色交换手牌。",
        "Once per play phase, choose two other characters and discard X cards (X = the difference of their hand counts): they exchange their hands.",
    )
};

fn own_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    game.table.seats[owner.index()].held().collect()
}

fn difference(game: &Game, a: Seat, b: Seat) -> usize {
    game.hand(a).len().abs_diff(game.hand(b).len())
}

fn pairs(game: &Game, owner: Seat) -> Vec<(Seat, Seat)> {
    let others: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s))
        .collect();
    let held = own_cards(game, owner).len();
    let mut pairs = Vec::new();
    for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            if difference(game, a, b) <= held {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

fn can_use(game: &Game, owner: Seat) -> bool {
    !pairs(game, owner).is_empty()
}

const PAIR: u8 = 0;
const PAY: u8 = 1;
const SWAP: u8 = 2;

fn kind() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Dimeng),
    }
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        PAIR => {
            frame.step = PAY;
            let mut actions: Vec<Action> = pairs(game, owner)
                .into_iter()
                .map(|(a, b)| Action::Seats { seats: vec![a, b] })
                .collect();
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, kind(), Choices::actions(actions)))
        }
        PAY => {
            let Some((_, Action::Seats { seats })) = game.take_answer() else {
                return Step::Done;
            };
            let [a, b] = seats[..] else {
                return Step::Done;
            };
            frame.seats = vec![a, b];
            frame.step = SWAP;
            let x = difference(game, a, b);
            if x == 0 {
                return Step::Again;
            }
            Step::ask(Prompt::new(
                owner,
                kind(),
                Choices::Cards {
                    from: own_cards(game, owner),
                    min: x as u8,
                    max: x as u8,
                    can_pass: true,
                },
            ))
        }
        _ => {
            let (a, b) = (frame.seats[0], frame.seats[1]);
            let x = difference(game, a, b);
            let cards = if x == 0 {
                Vec::new()
            } else {
                match game.take_answer() {
                    Some((_, Action::Cards { cards })) if cards.len() == x => cards,
                    _ => return Step::Done,
                }
            };
            game.invoke(owner, SkillId::Dimeng, vec![a, b]);
            if !cards.is_empty() {
                game.discard(&cards);
            }
            // 交换手牌: each hand goes to the other.
            let (hand_a, hand_b) = (game.hand(a).to_vec(), game.hand(b).to_vec());
            if !hand_a.is_empty() {
                game.move_cards(&hand_a, Zone::Hand(b));
            }
            if !hand_b.is_empty() {
                game.move_cards(&hand_b, Zone::Hand(a));
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-dimeng: 鲁肃 discards 2 (the difference of three and one) and the two swap hands.
    #[test]
    fn h_sk_dimeng_discard_the_difference_and_swap() {
        let mut s = table(&[
            (G::HegLusu, G::HegSunquan, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Jink, Jink]);
        seat(&mut s, 1).hand = cards(&[Peach, Peach, Peach]);
        seat(&mut s, 2).hand = cards(&[Duel]);
        let mut c = Check::new(s);
        c.skill(0, SkillId::Dimeng);
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(1), Seat(2)],
            },
        );
        let jinks = c.game.hand(Seat(0)).to_vec();
        c.act(0, Action::Cards { cards: jinks });
        assert_eq!(c.hand(1), vec![Duel]);
        assert_eq!(c.hand(2), vec![Peach, Peach, Peach]);
        assert!(c.hand(0).is_empty());
        c.assert_conserved();
    }
}
