"""Win or Lose (simplified poker): win chances, types, tournaments."""
