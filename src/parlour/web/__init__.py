"""parlour's web page: the Win or Lose table of the study, rebuilt (FastAPI + a small script)."""
