//! 直谏 Zhijian — 张昭＆张纮 (山; 国战 the same, H-SK-zhijian).
//!
//! 出牌阶段，你可以将手牌中的一张装备牌置于其他角色装备区里，然后摸一张牌。
//! In your play phase, any number of times, you may put an equipment card from your hand into
//! the empty matching slot of another character's equipment area, then draw 1.
//!
//! The slot must be empty (nothing is replaced). Putting it there is not a use: no "when it is
//! used" effects, and 集智-like skills do not see it.

use crate::action::Action;
use crate::card::{CardId, Slot};
use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Zhijian,
        "直谏",
        "Zhijian",
        "出牌阶段，你可以将手牌中的一张装备牌置于其他角色装备区里，然后摸一张牌。",
        "In your play phase, you may put an equipment card from your hand into another character's equipment area, then draw a card.",
    )
};

fn slot_of(game: &Game, card: CardId) -> Option<Slot> {
    game.card_def(game.card(card).kind).category.slot()
}

/// Each equipment card in hand with each other character whose matching slot is empty.
fn placements(game: &Game, owner: Seat) -> Vec<(CardId, Seat)> {
    let mut out = Vec::new();
    for &card in game.hand(owner) {
        let Some(slot) = slot_of(game, card) else {
            continue;
        };
        for to in game.order_from(owner) {
            if to != owner && game.is_alive(to) && game.equipped(to, slot).is_none() {
                out.push((card, to));
            }
        }
    }
    out
}

fn can_use(game: &Game, owner: Seat) -> bool {
    !placements(game, owner).is_empty()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            frame.step = 1;
            let mut actions: Vec<Action> = placements(game, owner)
                .into_iter()
                .map(|(card, to)| Action::Skill {
                    skill: SkillId::Zhijian,
                    cards: vec![card],
                    targets: vec![to],
                })
                .collect();
            actions.push(Action::Pass);
            let kind = PromptKind::Choose {
                cause: Cause::Skill(SkillId::Zhijian),
            };
            Step::ask(Prompt::new(owner, kind, Choices::actions(actions)))
        }
        1 => {
            let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            let (Some(&card), Some(&to)) = (cards.first(), targets.first()) else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Zhijian, vec![to]);
            game.move_cards(&[card], Zone::Equip(to));
            frame.step = 2;
            Step::Again
        }
        _ => {
            game.draw(owner, 1);
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

    /// H-SK-zhijian: 二张 puts a 诸葛连弩 from hand into 孙权's empty weapon slot and draws 1; 曹操,
    /// who holds a weapon, cannot take it; the skill may be used again.
    #[test]
    fn h_sk_zhijian_equipment_into_an_empty_slot() {
        let mut s = table(&[
            (G::HegErzhang, G::HegLusu, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Crossbow, Dilu]);
        seat(&mut s, 1).equip = cards(&[Blade]);
        let mut c = Check::new(s);
        let start = Action::Skill {
            skill: SkillId::Zhijian,
            cards: Vec::new(),
            targets: Vec::new(),
        };
        c.act(0, start.clone());
        let crossbow = c.hand_card(0, Crossbow);
        let to = |t: u8| Action::Skill {
            skill: SkillId::Zhijian,
            cards: vec![crossbow],
            targets: vec![Seat(t)],
        };
        assert!(!c.allows(0, &to(1)), "曹操's weapon slot is taken");
        c.act(0, to(2));
        assert_eq!(c.equipment(2), vec![Crossbow]);
        assert_eq!(c.hand(0).len(), 2, "the 的卢 and the card drawn");
        assert!(c.allows(0, &start), "again");
    }
}
