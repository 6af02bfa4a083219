-- What the owner calls each of their codes ("Me", "Sam (child)", "Bag tag"), so a premium member with several codes
-- tells them apart. It may name a child or a condition, so it is sealed like the details: encrypted with the row id as
-- context (`<id>/label`), apart from the details so a list of codes reads labels without opening any medical value.
-- Null: no label. (Numbered 0009 so it never shares a number with another branch's 0008; migrations run by name.)
alter table medical_records add column label_ciphertext text;
